import type pg from 'pg';
import { NotificationChannel, notifyProbe, PushInvalidatedCache, type ChannelLog } from '@tracemap/service-kit';

/** Where the database announces a change to a company's findings or plan-against-reality rows (migration 017). */
export const DISCOVERY_CHANGES_CHANNEL = 'insights_discovery_changes';

const PAGES_MAX = 5000;
/** Announced by a change made outside a tenant transaction. */
const ALL_COMPANIES = 'discovery';

/**
 * List pages of findings and of plan against reality, kept in memory per
 * company and query. The lists are read far more often than they change (a
 * judgement or a triage), and the database announces every change on commit
 * whoever made it, so a page is served from memory until then; while the
 * announcements cannot be heard, every request reads the database.
 */
export class DiscoveryPages {
  readonly channel: NotificationChannel | null;
  private readonly cache: PushInvalidatedCache<unknown>;

  constructor(
    db: pg.Pool,
    private readonly options: { databaseUrl: string; ttlMs: number },
  ) {
    this.channel =
      options.ttlMs > 0
        ? new NotificationChannel({
            databaseUrl: options.databaseUrl,
            channel: DISCOVERY_CHANGES_CHANNEL,
            applicationName: 'insights_discovery_listener',
            probe: notifyProbe(db, DISCOVERY_CHANGES_CHANNEL),
          })
        : null;
    this.cache = new PushInvalidatedCache<unknown>({ channel: this.channel, max: PAGES_MAX });
  }

  start(log?: ChannelLog): void {
    this.channel?.start(log);
  }

  async stop(): Promise<void> {
    await this.channel?.stop();
  }

  /**
   * Drops the company's pages now. A change made by this process is announced too, but the
   * announcement arrives a moment later: the writer's next read must already see it.
   */
  changed(companyId: string): void {
    this.cache.invalidate(`company:${companyId}`);
  }

  /** The page `list` names for the company and query, from memory while it is known to be current. */
  async page<T>(companyId: string, list: string, query: object, load: () => Promise<T>): Promise<T> {
    const key = `${companyId}\u0000${list}\u0000${stableQuery(query)}`;
    const page = await this.cache.get(key, [`company:${companyId}`, ALL_COMPANIES], async () => ({
      value: await load(),
      ttlMs: this.options.ttlMs,
    }));
    return page as T;
  }
}

/** A query's fields in name order, absent ones left out, so equal queries share a page. */
function stableQuery(query: object): string {
  const entries = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}
