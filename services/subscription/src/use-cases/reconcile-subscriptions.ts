import type { SubscriptionDeps } from '../deps';
import { listCompanyIdsWithCustomers } from '../repositories/subscription-repository';
import { endReplacedTrials, syncCompanySubscription } from './sync-company-subscription';

/**
 * Re-reads every company's subscription from the provider: catches up on webhooks that never
 * arrived (endpoint down longer than the provider retries, a misconfigured secret). One
 * company failing does not stop the others.
 */
export async function reconcileSubscriptions(
  deps: SubscriptionDeps,
): Promise<{ companies: number; changed: number; failed: number }> {
  const companyIds = await listCompanyIdsWithCustomers(deps.db);
  let changed = 0;
  let failed = 0;
  for (const companyId of companyIds) {
    try {
      const sync = await syncCompanySubscription(deps, companyId);
      await endReplacedTrials(deps, sync);
      if (sync.changed) {
        changed += 1;
        await deps.peers.subscriptionChanged(companyId);
      }
    } catch (error) {
      failed += 1;
      deps.log.warn({ err: error, companyId }, 'reconciliation of one company failed; the next round tries again');
    }
  }
  return { companies: companyIds.length, changed, failed };
}

/**
 * Claims the next round for this replica: true only for the one replica that moved the shared
 * due time an interval ahead (the others find it in the future and skip this round).
 */
export async function claimReconcileRound(deps: Pick<SubscriptionDeps, 'db'>, intervalMs: number): Promise<boolean> {
  const { rowCount } = await deps.db.query(
    `UPDATE subscription.reconcile_rounds SET next_round_at = now() + $1 * interval '1 millisecond'
      WHERE id = 1 AND next_round_at <= now()`,
    [intervalMs],
  );
  return rowCount === 1;
}

/**
 * Runs the reconciliation soon after start and then every `intervalMs`: whichever replica's timer
 * comes first after the shared due time runs the round, the others skip it. `stop` clears the timer.
 */
export function startReconciliation(deps: SubscriptionDeps, intervalMs: number): { stop(): void } {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const round = async () => {
    if (stopped) return;
    try {
      if (!(await claimReconcileRound(deps, intervalMs))) return;
      const result = await reconcileSubscriptions(deps);
      if (result.changed > 0 || result.failed > 0) deps.log.info(result, 'subscriptions reconciled');
    } catch (error) {
      deps.log.warn({ err: error }, 'reconciliation round failed');
    } finally {
      if (!stopped) timer = setTimeout(round, intervalMs).unref();
    }
  };
  timer = setTimeout(round, 1000).unref();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
