import type pg from 'pg';
import { NotificationChannel, PushInvalidatedCache, type ChannelLog, type Queryable } from '@tracemap/service-kit';

/**
 * Where this service announces tracking-plan changes to its replicas (and to
 * itself): `plan:<companyId>`, sent in the transaction that makes the change
 * (plan history rows, company settings), so it is heard if and only if the
 * change commits.
 */
export const PLAN_EVENTS_CHANNEL = 'company_plan_events';

export const planTag = (companyId: string) => `plan:${companyId}`;

/** Entries never outlive a plan change; the TTL only lets rarely read ones go. */
const PLAN_ENTRY_TTL_MS = 10 * 60_000;
const PLAN_ENTRIES_MAX = 5000;

/**
 * Answers derived from a company's plan (an event's resolved attributes and
 * schema), kept while this replica hears the announcements. Any change in a
 * company drops all of its entries: working out which events a change reaches
 * (through views, maps, system attributes, settings) would be a second
 * resolver to keep right. While the channel is down nothing is kept.
 */
export class PlanCache<V> {
  readonly channel: NotificationChannel;
  readonly cache: PushInvalidatedCache<V>;

  constructor(db: pg.Pool, options: { databaseUrl: string; max?: number }) {
    this.channel = new NotificationChannel({
      databaseUrl: options.databaseUrl,
      channel: PLAN_EVENTS_CHANNEL,
      applicationName: 'company_plan_listener',
      probe: async (nonce) => void (await db.query('SELECT pg_notify($1, $2)', [PLAN_EVENTS_CHANNEL, `probe:${nonce}`])),
    });
    this.cache = new PushInvalidatedCache<V>({ channel: this.channel, max: options.max ?? PLAN_ENTRIES_MAX });
  }

  start(log?: ChannelLog): void {
    if (log) this.channel.log = log;
    this.channel.start();
  }

  async stop(): Promise<void> {
    await this.channel.stop();
  }

  /** `key` must name everything the answer depends on besides the company (entity, what the caller may see). */
  get(companyId: string, key: string, load: () => Promise<V>): Promise<V> {
    return this.cache.get(`${companyId}:${key}`, [planTag(companyId)], async () => ({ value: await load(), ttlMs: PLAN_ENTRY_TTL_MS }));
  }

  /** Drops this replica's entries of the company at once; the others hear the announcement. */
  invalidate(companyId: string): void {
    this.cache.invalidate(planTag(companyId));
  }
}

/** Sends the announcement inside the caller's transaction (PostgreSQL folds repeats within one). */
export async function announcePlanChange(db: Queryable, companyId: string): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [PLAN_EVENTS_CHANNEL, planTag(companyId)]);
}
