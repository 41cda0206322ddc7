import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestLimits } from './ingest-limits';
import {
  processRun,
  sharedReadingThread,
  type ClaimedRun,
  type ProcessRunOptions,
  type RunOutcome,
} from './process-run';

export interface IngestWorkerOptions {
  db: pg.Pool;
  log: FastifyBaseLogger;
  limits: IngestLimits;
  /** How long a claimed run stays this worker's without a batch written; past it, another worker resumes it. */
  leaseSeconds: number;
  /** Polling interval for runs queued by other replicas (this process's own uploads wake it at once). */
  pollMs: number;
  personalNames?: ProcessRunOptions['personalNames'];
  afterBatch?: ProcessRunOptions['afterBatch'];
  /**
   * While a run goes on, after its first written batch and then at most every `progressEveryMs`:
   * findings show up while a large file is still being read, not only at its end.
   */
  onRunProgress?: (companyId: string, runId: string, checkpoint: number) => void;
  progressEveryMs?: number;
  /** After a run ends well: the company's findings are judged again. */
  onRunSucceeded?: (companyId: string, runId: string) => Promise<void>;
  onRunEnded?: (runId: string, outcome: RunOutcome) => void;
}

export interface IngestWorker {
  start(): void;
  /** Looks for queued runs now. */
  wake(): void;
  /** Stops after the current batch; a run in progress goes back to the queue at its checkpoint. */
  stop(): Promise<void>;
}

/** Takes queued runs (of any company, through the claim function) one at a time, off the request path. */
export function createIngestWorker(options: IngestWorkerOptions): IngestWorker {
  let stopping = false;
  let started = false;
  let timer: NodeJS.Timeout | null = null;
  let loop: Promise<void> | null = null;
  let again = false;

  async function claim(): Promise<ClaimedRun | null> {
    const { rows } = await options.db.query<{ run_id: string; company_id: string; lease_token: string }>(
      'SELECT run_id, company_id, lease_token FROM insights.claim_run($1)',
      [options.leaseSeconds],
    );
    const row = rows[0];
    return row ? { runId: row.run_id, companyId: row.company_id, leaseToken: row.lease_token } : null;
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      while (!stopping) {
        const claimed = await claim();
        if (!claimed) break;
        let outcome: RunOutcome;
        let progressAt = -Infinity;
        try {
          outcome = await processRun(claimed, {
            db: options.db,
            limits: options.limits,
            leaseSeconds: options.leaseSeconds,
            personalNames: options.personalNames,
            afterBatch: async (runId, checkpoint) => {
              await options.afterBatch?.(runId, checkpoint);
              if (options.onRunProgress && Date.now() - progressAt >= (options.progressEveryMs ?? 10_000)) {
                progressAt = Date.now();
                options.onRunProgress(claimed.companyId, runId, checkpoint);
              }
            },
            stopping: () => stopping,
          });
        } catch (error) {
          // Left running: another worker (or this one, later) resumes it from its checkpoint.
          options.log.error({ err: error, runId: claimed.runId }, 'ingest run interrupted');
          options.onRunEnded?.(claimed.runId, 'lost');
          continue;
        }
        options.onRunEnded?.(claimed.runId, outcome);
        if (outcome === 'succeeded' && options.onRunSucceeded) {
          try {
            await options.onRunSucceeded(claimed.companyId, claimed.runId);
          } catch (error) {
            options.log.error({ err: error, runId: claimed.runId }, 'judging findings after a run failed');
          }
        }
      }
    } while (again && !stopping);
  }

  function kick(): void {
    if (!started || stopping) return;
    if (loop) {
      again = true;
      return;
    }
    loop = drain()
      .catch((error: unknown) => options.log.error({ err: error }, 'ingest worker failed'))
      .finally(() => {
        loop = null;
      });
  }

  return {
    start() {
      started = true;
      sharedReadingThread().start();
      const tick = () => {
        kick();
        timer = setTimeout(tick, options.pollMs);
        timer.unref();
      };
      tick();
    },
    wake: kick,
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      await loop;
    },
  };
}
