import type { AuthDeps } from '../lib/deps';
import { deleteIdleBuckets } from '../repositories/rate-limits-repository';

const SWEEP_INTERVAL_MS = 3600_000;
/** A bucket idle for a whole day is full again: dropping it changes nothing. */
const IDLE_SECONDS = 86400;

/** Drops idle rate-limit buckets every hour, so the table holds only recent callers. */
export function startRateLimitSweeper(deps: Pick<AuthDeps, 'db' | 'log'>): { stop(): void } {
  const timer = setInterval(() => {
    deleteIdleBuckets(deps.db, IDLE_SECONDS).catch((err) => deps.log.warn({ err }, 'rate limit sweep failed'));
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
