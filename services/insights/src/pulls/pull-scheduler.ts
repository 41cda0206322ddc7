import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { claimDuePulls } from './pull-repository';
import type { PullRunner } from './pull-source';

export interface PullScheduler {
  start(): void;
  /** Looks for due sources now (tests; the timer does it otherwise). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/** Sources claimed per look; the rest wait for the next one. */
const CLAIM_BATCH = 20;

/**
 * Pulls every connected GA4 and Amplitude source once per `intervalMs`, across companies:
 * each look claims the sources whose last attempt is older than the interval (so two
 * replicas never pull one source twice) and starts their pulls, each reading the window since
 * its last successful pull. Looks happen every `checkMs`.
 */
export function createPullScheduler(options: {
  db: pg.Pool;
  log: FastifyBaseLogger;
  runner: PullRunner;
  intervalMs: number;
  checkMs: number;
}): PullScheduler {
  let timer: NodeJS.Timeout | null = null;
  let looking: Promise<void> | null = null;
  let stopped = false;

  async function look(): Promise<void> {
    for (;;) {
      if (stopped) return;
      const due = await claimDuePulls(options.db, options.intervalMs, CLAIM_BATCH);
      for (const source of due) {
        try {
          await options.runner.startIfNew({ ...source, userId: null });
        } catch (error) {
          options.log.warn({ err: error, sourceId: source.sourceId }, 'scheduled pull could not start');
        }
      }
      if (due.length < CLAIM_BATCH) return;
    }
  }

  function tick(): Promise<void> {
    looking ??= look()
      .catch((error: unknown) => options.log.error({ err: error }, 'pull schedule failed'))
      .finally(() => {
        looking = null;
      });
    return looking;
  }

  return {
    start() {
      const next = () => {
        timer = setTimeout(() => void tick().finally(() => !stopped && next()), options.checkMs);
        timer.unref();
      };
      void tick().finally(() => !stopped && next());
    },
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await looking;
      await options.runner.stop();
    },
  };
}
