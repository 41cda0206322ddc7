import type { StartTrialAnswer } from '@tracemap/contracts';
import type { SubscriptionDeps } from '../deps';
import { findSubscription } from '../repositories/subscription-repository';
import { ensureCustomer } from './ensure-customer';
import { syncCompanySubscription } from './sync-company-subscription';

export type TrialOutcome = StartTrialAnswer;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A new company's free trial, without a card: a subscription on the trial plan that ends by
 * itself when no card was added. One per user, claimed here first (a row keyed by company
 * and unique per user) and then mirrored on the user's profile as `trialUsed`. Safe to call
 * again at any point: a call after a crash finds the claim and finishes the job with the same
 * idempotency keys, so the provider never creates a second trial.
 */
export async function startTrial(
  deps: SubscriptionDeps,
  input: { companyId: string; userId: string; requestId?: string },
): Promise<TrialOutcome> {
  const existing = await findSubscription(deps.db, input.companyId);
  if (existing && existing.providerStatus === 'trialing') return { started: true, status: existing.status };
  if (existing && existing.status !== 'none') return { started: false, reason: 'has_subscription' };

  const claim = await deps.db.query<{ granted: boolean; fresh: boolean; created_at: Date }>(
    `WITH inserted AS (
       INSERT INTO subscription.trials (company_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING granted, created_at
     )
     SELECT granted, true AS fresh, created_at FROM inserted
     UNION ALL
     SELECT granted, false AS fresh, created_at FROM subscription.trials WHERE company_id = $1 AND NOT EXISTS (SELECT 1 FROM inserted)`,
    [input.companyId, input.userId],
  );
  const row = claim.rows[0];
  // No row: the user's trial went to another company.
  if (!row || !row.granted) return { started: false, reason: 'trial_used' };
  const used = await deps.peers.markTrialUsed(input.userId, input.requestId);
  if (row.fresh && used.alreadyUsed) {
    // The profile says the trial was used before billing kept its own record of it.
    await deps.db.query(`UPDATE subscription.trials SET granted = false WHERE company_id = $1`, [input.companyId]);
    return { started: false, reason: 'trial_used' };
  }

  const customerId = await ensureCustomer(deps, input.companyId);
  await deps.provider.startTrial(
    {
      companyId: input.companyId,
      customerId,
      priceId: deps.plans.trialPlan.priceId,
      // From the claim's time, so a retried call sends exactly the same request under the same key.
      trialEnd: new Date(Math.floor((row.created_at.getTime() + deps.config.TRIAL_DAYS * DAY_MS) / 1000) * 1000),
    },
    `trial-${input.companyId}`,
  );
  const sync = await syncCompanySubscription(deps, input.companyId);
  if (sync.changed) await deps.peers.subscriptionChanged(input.companyId, input.requestId);
  return { started: true, status: sync.status ?? 'none' };
}
