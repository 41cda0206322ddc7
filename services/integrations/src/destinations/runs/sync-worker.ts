import { roleSettingsStatement, roleTransaction } from '@tracemap/service-kit';
import { PolledRounds } from '../../core/polled-rounds';
import { APP_ROLE } from '../../core/tenant';
import { checkDrift } from './check-drift';
import { deliverLastSyncs } from './deliver-last-sync';
import { executeRun, type RunDeps } from './execute-run';
import type { Lease } from './run-repository';

const RUNS_PER_ROUND = 4;
const DRIFT_LOOK_MS = 60_000;

/**
 * Runs queued pushes: each claimed with a lease (`FOR UPDATE SKIP LOCKED`, so replicas share the
 * queue), renewed while it runs; a run whose process died is taken over once its lease runs
 * out. Each round also hands completed sets' lastSync to the company service and, at most once
 * a minute, looks for destinations due for the drift check. Stopping puts runs in progress back
 * in the queue for another process.
 */
export class DestinationSyncWorker {
  private readonly rounds: PolledRounds;
  private lastDriftLook = 0;

  constructor(private readonly deps: RunDeps) {
    this.rounds = new PolledRounds({
      name: 'destination push',
      pollMs: deps.config.DESTINATION_SYNC_POLL_MS,
      log: deps.log,
      round: (draining) => this.runRound(draining),
    });
  }

  start(): void {
    this.rounds.start();
  }

  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /** A run was queued: look now rather than at the next poll. */
  wake(): void {
    this.rounds.wake();
  }

  /** Runs rounds until no run is due now (tests). */
  drain(): Promise<void> {
    return this.rounds.drain();
  }

  private async runRound(draining: boolean): Promise<number | null> {
    const claimed = await this.claim();
    const stopping = () => !this.rounds.running && !draining;
    await Promise.all(
      claimed.map((lease) =>
        executeRun(this.deps, lease, stopping).catch((error: unknown) =>
          this.deps.log.error({ err: error, runId: lease.runId }, 'destination push failed to settle'),
        ),
      ),
    );
    await deliverLastSyncs(this.deps);
    if (this.deps.config.DESTINATION_DRIFT_INTERVAL_MS > 0 && Date.now() - this.lastDriftLook > DRIFT_LOOK_MS) {
      this.lastDriftLook = Date.now();
      await checkDrift(this.deps);
    }
    return this.nextDue();
  }

  private claim(): Promise<Lease[]> {
    return roleTransaction(this.deps.db, roleSettingsStatement(APP_ROLE, {}), async (client) => {
      const { rows } = await client.query<{
        run_id: string;
        company_id: string;
        destination_id: string;
        lease_token: string;
        resumed: boolean;
      }>(
        `SELECT run_id, company_id, destination_id, lease_token, resumed FROM integrations.claim_destination_runs($1, $2)`,
        [RUNS_PER_ROUND, Math.ceil(this.deps.config.DESTINATION_SYNC_LEASE_MS / 1000)],
      );
      for (const row of rows.filter((r) => r.resumed))
        this.deps.log.warn({ runId: row.run_id }, 'destination push taken over after its lease ran out');
      return rows.map((row) => ({
        runId: row.run_id,
        companyId: row.company_id,
        destinationId: row.destination_id,
        leaseToken: row.lease_token,
      }));
    });
  }

  private nextDue(): Promise<number | null> {
    return roleTransaction(this.deps.db, roleSettingsStatement(APP_ROLE, {}), async (client) => {
      const { rows } = await client.query<{ at: Date | null }>(`SELECT integrations.next_destination_run_at() AS at`);
      return rows[0]?.at?.getTime() ?? null;
    });
  }
}
