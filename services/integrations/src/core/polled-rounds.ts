import type { FastifyBaseLogger } from 'fastify';

export interface PolledRoundsOptions {
  /** Names the work in the log line of a failed round. */
  name: string;
  /** The longest sleep between two rounds. */
  pollMs: number;
  log: FastifyBaseLogger;
  /**
   * One round of work; answers when the next item is due (ms epoch), or null when none is
   * queued. `draining` is true when a test or script asks for rounds until nothing is due.
   */
  round: (draining: boolean) => Promise<number | null>;
}

/**
 * Rounds of queued work in one process, one round at a time. Between rounds it sleeps until the
 * next item is due or the poll interval, whichever is sooner; a wake-up (new work queued) starts
 * a round at once, or right after the one under way. Stopping waits for the round under way.
 */
export class PolledRounds {
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private again = false;
  private active = false;

  constructor(private readonly options: PolledRoundsOptions) {}

  /** False once stopping: work in progress may hand itself back instead of finishing. */
  get running(): boolean {
    return this.active;
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.active = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.round;
  }

  wake(): void {
    if (!this.active) return;
    if (this.round) this.again = true;
    else this.schedule(0);
  }

  /** Runs rounds until nothing is due now (tests and scripts). */
  async drain(): Promise<void> {
    for (;;) {
      await this.round;
      const next = await this.runRound(true);
      if (next === null || next > Date.now()) return;
    }
  }

  private schedule(delayMs: number): void {
    if (!this.active) return;
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
      this.options.log.error({ err: error }, `${this.options.name} round failed`);
    }
    const poll = this.options.pollMs;
    const wait = this.again ? 0 : next === null ? poll : Math.min(poll, Math.max(0, next - Date.now()));
    this.again = false;
    this.schedule(wait);
  }

  private runRound(draining: boolean): Promise<number | null> {
    const work = this.options.round(draining);
    this.round = work.then(
      () => undefined,
      () => undefined,
    );
    return work.finally(() => {
      this.round = null;
    });
  }
}
