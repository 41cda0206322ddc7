import { roleSettingsStatement, roleTransaction } from '@tracemap/service-kit';
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
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private running = false;
  private again = false;
  private lastDriftLook = 0;

  constructor(private readonly deps: RunDeps) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.round;
  }

  /** A run was queued: look now rather than at the next poll. */
  wake(): void {
    if (!this.running) return;
    if (this.round) this.again = true;
    else this.schedule(0);
  }

  /** Runs rounds until no run is due now (tests). */
  async drain(): Promise<void> {
    for (;;) {
      await this.round;
      const next = await this.runRound(true);
      if (next === null || next > Date.now()) return;
    }
  }

  private schedule(delayMs: number): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.tick();
      },
      Math.max(0, delayMs),
    );
    this.timer.unref?.();
  }

  private async tick(): Promise<void> {
    if (this.round) return;
    let next: number | null = null;
    try {
      next = await this.runRound(false);
    } catch (error) {
      this.deps.log.error({ err: error }, 'destination push round failed');
    }
    const poll = this.deps.config.DESTINATION_SYNC_POLL_MS;
    const wait = this.again ? 0 : next === null ? poll : Math.min(poll, Math.max(0, next - Date.now()));
    this.again = false;
    this.schedule(wait);
  }

  private runRound(draining: boolean): Promise<number | null> {
    const work = (async () => {
      const claimed = await this.claim();
      const stopping = () => !this.running && !draining;
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
    })();
    this.round = work.then(
      () => undefined,
      () => undefined,
    );
    return work.finally(() => {
      this.round = null;
    });
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
