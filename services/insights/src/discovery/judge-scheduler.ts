import type { FastifyBaseLogger } from 'fastify';

export interface JudgeScheduler {
  /** Judges the company soon; several calls within the delay make one judgement. */
  schedule(companyId: string): void;
  /** Judges the company now (after a run), waiting for it; a judgement scheduled for it and not begun is dropped. */
  now(companyId: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Coalesces judgements per company: the collector and plan announcements ask
 * often, a judgement reads the whole profile, so they are delayed and merged;
 * one company is never judged twice at once.
 */
export function createJudgeScheduler(options: {
  delayMs: number;
  judge: (companyId: string) => Promise<unknown>;
  log: FastifyBaseLogger;
}): JudgeScheduler {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  async function run(companyId: string): Promise<void> {
    const current = running.get(companyId);
    if (current) await current.catch(() => undefined);
    const next = options
      .judge(companyId)
      .then(() => undefined)
      .catch((error: unknown) => options.log.error({ err: error, companyId }, 'judging findings failed'))
      .finally(() => {
        if (running.get(companyId) === next) running.delete(companyId);
      });
    running.set(companyId, next);
    await next;
  }

  return {
    schedule(companyId) {
      if (stopped || timers.has(companyId)) return;
      const timer = setTimeout(() => {
        timers.delete(companyId);
        void run(companyId);
      }, options.delayMs);
      timer.unref();
      timers.set(companyId, timer);
    },
    now(companyId) {
      // What the scheduled judgement would see, this one sees too: judging twice in a row would only
      // take the machine from the next run's reading.
      const timer = timers.get(companyId);
      if (timer) clearTimeout(timer);
      timers.delete(companyId);
      return run(companyId);
    },
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all([...running.values()]);
    },
  };
}
