import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_INGEST_LIMITS, type IngestLimits } from '../ingest/ingest-limits';
import { createIngestWorker, type IngestWorker } from '../ingest/ingest-worker';
import type { DiscoveryDeps } from './discovery-deps';
import { createJudgeScheduler, type JudgeScheduler } from './judge-scheduler';
import { judgeCompany } from './judge-company';

/** Discovery's settings; tests pass smaller ones through the build's overrides. */
export interface DiscoverySettings {
  limits: IngestLimits;
  /** Where uploads wait for the worker; it must outlive a restart so runs can resume. */
  spoolDir: string;
  /** A claimed run not written to for this long is taken over by another worker. */
  leaseSeconds: number;
  /** How often the worker looks for runs queued by other replicas. */
  pollMs: number;
  /** Collector changes and plan announcements are judged this long after the first of a burst. */
  judgeDelayMs: number;
  /** While a run goes on, its company is judged after the first batch and then at most this often. */
  judgeDuringRunEveryMs: number;
  collector: { maxBodyBytes: number; requestsPerMinute: number };
}

export const DEFAULT_DISCOVERY_SETTINGS: DiscoverySettings = {
  limits: DEFAULT_INGEST_LIMITS,
  spoolDir: path.join(tmpdir(), 'tracemap-insights', 'uploads'),
  leaseSeconds: 15,
  pollMs: 2000,
  judgeDelayMs: 1000,
  judgeDuringRunEveryMs: 10_000,
  collector: { maxBodyBytes: 512 * 1024, requestsPerMinute: 600 },
};

/** The ingest worker and the judgement scheduler of one process, with the settings they run under. */
export interface DiscoveryRuntime {
  settings: DiscoverySettings;
  ingest: IngestWorker;
  judges: JudgeScheduler;
}

export function createDiscoveryRuntime(
  base: DiscoveryDeps,
  overrides: Partial<DiscoverySettings> = {},
): DiscoveryRuntime {
  const settings = { ...DEFAULT_DISCOVERY_SETTINGS, ...overrides };
  const judges = createJudgeScheduler({
    delayMs: settings.judgeDelayMs,
    judge: (companyId) => judgeCompany(base, companyId),
    log: base.log,
  });
  const ingest = createIngestWorker({
    db: base.db,
    log: base.log,
    limits: settings.limits,
    leaseSeconds: settings.leaseSeconds,
    pollMs: settings.pollMs,
    personalNames: async (companyId) => {
      try {
        const plan = await base.planSnapshots.get(companyId);
        return plan.attributes.filter((a) => a.pii).map((a) => a.name);
      } catch (error) {
        // Without the plan, values that look personal are still never kept.
        base.log.warn({ err: error, companyId }, 'plan unavailable for an ingest run');
        return [];
      }
    },
    onRunProgress: (companyId) => judges.schedule(companyId),
    progressEveryMs: settings.judgeDuringRunEveryMs,
    onRunSucceeded: (companyId) => judges.now(companyId),
  });
  return { settings, ingest, judges };
}
