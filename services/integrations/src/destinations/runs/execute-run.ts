import type pg from 'pg';
import { tenantTransaction } from '../../core/tenant';
import type { IntegrationsDeps } from '../../deps';
import { pushDestination } from '../push-destination';
import { effectiveSettings, findDestination, openCredentials } from '../manage/destination-repository';
import { baseUrlOf } from '../manage/destination-target';
import { extendLease, type Lease } from './run-repository';
import { OutcomeRecorder } from './outcome-recorder';
import { setSnapshot } from './set-snapshot';
import { findRunSet, lockSet, settleSet } from './sync-set-repository';

export type RunDeps = Pick<IntegrationsDeps, 'db' | 'secrets' | 'config' | 'peers' | 'log'>;

/** The run was taken over by another worker (this one's lease ran out), its destination is gone, or this process is stopping. */
export class LeaseLost extends Error {
  constructor(readonly reason: 'taken_over' | 'gone' | 'stopping') {
    super(`destination run lease lost: ${reason}`);
  }
}

type RunOutcome = { error: string | null; writeCalls: number; planVersion: string | null };

/**
 * One claimed run: the plan pushed with each operation's outcome stored as it is known, the
 * lease renewed meanwhile. A run taken over after a crash starts the same way: the push reads
 * the destination again, so what the dead worker created is now an update or nothing.
 */
export async function executeRun(deps: RunDeps, lease: Lease, stopping: () => boolean): Promise<void> {
  const leaseSeconds = Math.ceil(deps.config.DESTINATION_SYNC_LEASE_MS / 1000);
  const tenant = <T>(work: (client: pg.PoolClient) => Promise<T>) => tenantTransaction(deps.db, lease.companyId, work);
  const heartbeat = setInterval(
    () => void tenant((client) => extendLease(client, lease, leaseSeconds)).catch(() => undefined),
    Math.max(200, deps.config.DESTINATION_SYNC_LEASE_MS / 3),
  );
  heartbeat.unref?.();
  const recorder = new OutcomeRecorder(deps.db, lease, leaseSeconds);
  let outcome: RunOutcome;
  try {
    outcome = await push(deps, lease, recorder, stopping);
  } catch (error) {
    if (error instanceof LeaseLost && error.reason !== 'stopping') return;
    outcome = { error: (error as Error).message, writeCalls: 0, planVersion: null };
  } finally {
    clearInterval(heartbeat);
  }
  // What was applied before a refusal or a stop stays in the run's log (false: taken over meanwhile).
  if (!(await recorder.flush())) return;
  if (stopping()) return releaseForOthers(deps, lease);
  await finishRun(deps, lease, outcome);
}

async function push(
  deps: RunDeps,
  lease: Lease,
  recorder: OutcomeRecorder,
  stopping: () => boolean,
): Promise<RunOutcome> {
  const { row, setId } = await tenantTransaction(deps.db, lease.companyId, async (client) => ({
    row: await findDestination(client, lease.companyId, lease.destinationId),
    setId: await findRunSet(client, lease.runId),
  }));
  if (!row || !setId) throw new LeaseLost('gone');
  const settings = effectiveSettings(row);
  const snapshot = await setSnapshot(deps, lease.companyId, setId);
  if (!snapshot) throw new LeaseLost('gone');
  const result = await pushDestination({
    settings,
    credentials: openCredentials(deps.secrets, row),
    baseUrl: baseUrlOf(deps.config, settings.kind),
    tokenUrl: deps.config.DESTINATION_MPARTICLE_TOKEN_URL,
    snapshot,
    record: async (operationOutcome) => {
      if (!(await recorder.add(operationOutcome))) throw new LeaseLost('taken_over');
      if (stopping()) throw new LeaseLost('stopping');
    },
  });
  const failed = result.outcomes.filter((o) => o.status === 'failed').length;
  return {
    error: failed > 0 ? `${failed} operation${failed === 1 ? '' : 's'} refused by ${settings.kind}.` : null,
    writeCalls: result.writeCalls,
    planVersion: snapshot.version,
  };
}

/** Stopping mid-run: the run goes back to the queue at once rather than waiting for its lease to run out. */
async function releaseForOthers(deps: RunDeps, lease: Lease): Promise<void> {
  await tenantTransaction(deps.db, lease.companyId, (client) =>
    client.query(
      `UPDATE integrations.destination_runs SET status = 'queued', lease_until = NULL, lease_token = NULL
        WHERE id = $1 AND lease_token = $2 AND status = 'running'`,
      [lease.runId, lease.leaseToken],
    ),
  );
}

/**
 * The run's outcome, the destination's own last success or last error, and — when this run is
 * the last of its set to finish and every run of the set succeeded — the company's lastSync
 * queued for the company service. The set is locked first, so two of its runs finishing
 * together cannot both miss (or both see) that the set is complete.
 */
async function finishRun(deps: RunDeps, lease: Lease, outcome: RunOutcome): Promise<void> {
  const ok = outcome.error === null;
  await tenantTransaction(deps.db, lease.companyId, async (client) => {
    const setId = await findRunSet(client, lease.runId);
    if (!setId) return;
    await lockSet(client, setId);
    const { rowCount } = await client.query(
      `UPDATE integrations.destination_runs
          SET status = $3, error = $4, write_calls = write_calls + $5, plan_version = coalesce($6, plan_version),
              finished_at = now(), lease_until = NULL, lease_token = NULL
        WHERE id = $1 AND lease_token = $2 AND status = 'running'`,
      [
        lease.runId,
        lease.leaseToken,
        ok ? 'succeeded' : 'failed',
        outcome.error,
        outcome.writeCalls,
        outcome.planVersion,
      ],
    );
    if (!rowCount) return;
    await client.query(
      ok
        ? `UPDATE integrations.destinations SET last_success_at = now() WHERE company_id = $1 AND id = $2`
        : `UPDATE integrations.destinations SET last_error = $3, last_error_at = now() WHERE company_id = $1 AND id = $2`,
      ok ? [lease.companyId, lease.destinationId] : [lease.companyId, lease.destinationId, outcome.error],
    );
    if ((await settleSet(client, setId)) === 'succeeded')
      await client.query(`UPDATE integrations.destination_runs SET last_sync_due = now() WHERE id = $1`, [lease.runId]);
  });
  deps.log.info(
    { companyId: lease.companyId, destinationId: lease.destinationId, runId: lease.runId, ok },
    'destination push finished',
  );
}
