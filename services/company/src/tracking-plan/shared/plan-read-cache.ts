import type pg from 'pg';
import { NotificationChannel, notifyProbe, PushInvalidatedCache, type ChannelLog } from '@tracemap/service-kit';

/**
 * Where the database announces plan changes (migration 008's triggers):
 * `plan:<companyId>`, sent in the transaction that makes the change.
 */
export const PLAN_EVENTS_CHANNEL = 'company_plan_events';

export const planTag = (companyId: string) => `plan:${companyId}`;

const PLAN_TAG = /^plan:([0-9a-f-]{36})$/;

/**
 * Plan reads that cost a query and a computation to build (list pages,
 * effective schemas and attributes), kept per company while this replica
 * hears the database's announcements, and all of a company's dropped the
 * moment any of its plan changes (other replicas' writes included). While the
 * channel is not confirmed, every read goes to the database. Entries are
 * shared by callers who see the same thing (the key names the visibility),
 * so a value handed out must never be modified.
 */
export class PlanReadCache {
  readonly channel: NotificationChannel | null;
  private readonly cache: PushInvalidatedCache<unknown>;
  private readonly listeners: Array<(companyId: string) => void> = [];

  constructor(
    db: pg.Pool,
    private readonly options: { databaseUrl: string; ttlMs: number; maxItems: number },
  ) {
    this.channel =
      options.ttlMs > 0
        ? new NotificationChannel({
            databaseUrl: options.databaseUrl,
            channel: PLAN_EVENTS_CHANNEL,
            applicationName: 'company_plan_listener',
            probe: notifyProbe(db, PLAN_EVENTS_CHANNEL),
          })
        : null;
    this.cache = new PushInvalidatedCache<unknown>({ channel: this.channel, max: options.maxItems });
    this.channel?.on('message', (payload: string) => {
      for (const tag of payload.split(' ')) {
        const companyId = PLAN_TAG.exec(tag)?.[1];
        if (companyId) for (const listener of this.listeners) listener(companyId);
      }
    });
  }

  start(log?: ChannelLog): void {
    this.channel?.start(log);
  }

  async stop(): Promise<void> {
    await this.channel?.stop();
  }

  /** Calls back with the company of every plan change announced, from any replica; answers what stops it. */
  onChange(listener: (companyId: string) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const index = this.listeners.indexOf(listener);
      if (index >= 0) this.listeners.splice(index, 1);
    };
  }

  /**
   * The kept answer for `key` of the company's plan, or `load`'s (kept for next time).
   * `items` says how many rows it holds (list items, schema properties, findings): answers
   * range from one row to hundreds, so the bound counts rows rather than answers.
   */
  async read<T>(companyId: string, key: string, load: () => Promise<T>, items: (value: T) => number): Promise<T> {
    const value = await this.cache.get(`${companyId}:${key}`, [planTag(companyId)], async () => {
      const loaded = await load();
      return { value: loaded, ttlMs: this.options.ttlMs, weight: 1 + items(loaded) };
    });
    return value as T;
  }

  /**
   * Drops the company's entries in this replica at once, after a write it
   * made: its own writer reads the change on the next request even if the
   * announcement is still on its way.
   */
  invalidate(companyId: string): void {
    this.cache.invalidate(planTag(companyId));
  }
}
