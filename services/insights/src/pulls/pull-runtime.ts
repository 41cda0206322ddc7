import type { InsightsConfig } from '../config';
import type { InsightsDeps } from '../deps';
import { createPullScheduler, type PullScheduler } from './pull-scheduler';
import { PullRunner } from './pull-source';

/** How often the schedule looks for due sources (each is still pulled once per interval). */
const CHECK_MS = 60_000;

/** The pulls of this process: on demand through the runner, every `PULL_INTERVAL_MS` through the schedule. */
export interface PullRuntime {
  runner: PullRunner;
  scheduler: PullScheduler | null;
}

/**
 * Vendor addresses come from the service's configuration only, never from a company's
 * source: a company can name a GA4 property or an Amplitude region, not a host.
 */
export function createPullRuntime(
  config: InsightsConfig,
  deps: Pick<InsightsDeps, 'db' | 'log' | 'secrets' | 'discovery'>,
): PullRuntime {
  const runner = new PullRunner({
    db: deps.db,
    log: deps.log,
    secrets: deps.secrets,
    settings: {
      intervalMs: config.PULL_INTERVAL_MS,
      firstDays: config.PULL_FIRST_DAYS,
      leaseSeconds: 15 * 60,
      retry: { attempts: config.PULL_MAX_ATTEMPTS, maxWaitMs: 5 * 60_000, baseDelayMs: 1000 },
      ga4: { dataApiUrl: config.GA4_DATA_API_URL, tokenUrl: config.GA4_TOKEN_URL },
      amplitude: { us: config.AMPLITUDE_API_URL, eu: config.AMPLITUDE_EU_API_URL },
      ga4PageRows: 10_000,
    },
    spool: {
      dir: deps.discovery.settings.spoolDir,
      maxBytes: deps.discovery.settings.limits.maxUploadBytes,
      wakeIngest: () => deps.discovery.ingest.wake(),
    },
    batchRows: deps.discovery.settings.limits.batchEvents,
    judge: (companyId) => deps.discovery.judges.schedule(companyId),
  });
  const scheduler =
    config.PULL_INTERVAL_MS > 0
      ? createPullScheduler({
          db: deps.db,
          log: deps.log,
          runner,
          intervalMs: config.PULL_INTERVAL_MS,
          checkMs: Math.min(CHECK_MS, config.PULL_INTERVAL_MS),
        })
      : null;
  return { runner, scheduler };
}
