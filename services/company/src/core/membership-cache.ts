import type pg from 'pg';
import {
  NotificationChannel,
  notifyProbe,
  PushInvalidatedCache,
  type CacheCounts,
  type ChannelLog,
} from '@tracemap/service-kit';
import type { Role } from './roles';

/**
 * Where this service announces membership changes to its replicas (and to
 * itself): space-separated `member:<companyId>:<userId>` and
 * `company:<companyId>` tags, sent in the transaction that makes the change.
 */
export const MEMBERSHIP_EVENTS_CHANNEL = 'company_membership_events';

export const memberTag = (companyId: string, userId: string) => `member:${companyId}:${userId}`;
export const companyTag = (companyId: string) => `company:${companyId}`;

/**
 * The caller's role per company, kept while this replica hears the
 * announcements and dropped the moment one names it; while it cannot hear
 * them (connection lost, not yet confirmed) every request reads the
 * database. Only memberships are kept: a refusal is always read afresh, so
 * a new member gets in at once.
 */
export class MembershipCache {
  readonly channel: NotificationChannel | null;
  readonly cache: PushInvalidatedCache<Role>;
  private readonly ttlMs: number;

  constructor(db: pg.Pool, options: { databaseUrl: string; ttlMs: number }) {
    this.channel =
      options.ttlMs > 0
        ? new NotificationChannel({
            databaseUrl: options.databaseUrl,
            channel: MEMBERSHIP_EVENTS_CHANNEL,
            applicationName: 'company_membership_listener',
            probe: notifyProbe(db, MEMBERSHIP_EVENTS_CHANNEL),
          })
        : null;
    this.cache = new PushInvalidatedCache<Role>({ channel: this.channel });
    this.ttlMs = options.ttlMs;
  }

  /** Lookups answered from memory and those that read the database, for the metrics. */
  get counts(): CacheCounts {
    return this.cache.counts;
  }

  start(log?: ChannelLog): void {
    this.channel?.start(log);
  }

  async stop(): Promise<void> {
    await this.channel?.stop();
  }

  /** The member's role, or null for a non-member; `load` reads the database. */
  async role(companyId: string, userId: string, load: () => Promise<Role | null>): Promise<Role | null> {
    const role = await this.cache.get(
      `${companyId}:${userId}`,
      [memberTag(companyId, userId), companyTag(companyId)],
      async () => {
        const found = await load();
        return { value: found ?? NOT_MEMBER, ttlMs: found ? this.ttlMs : 0 };
      },
    );
    return role === NOT_MEMBER ? null : role;
  }

  /**
   * Calls `listener` with each company an announcement names (made by any replica, this one
   * included), for what is built from memberships beyond roles (company info's member list).
   */
  onChange(listener: (companyId: string) => void): () => void {
    const channel = this.channel;
    if (!channel) return () => undefined;
    const heard = (payload: string) => {
      const companies = new Set<string>();
      for (const tag of payload.split(' ')) {
        const [kind, companyId] = tag.split(':');
        if ((kind === 'member' || kind === 'company') && companyId) companies.add(companyId);
      }
      for (const companyId of companies) listener(companyId);
    };
    channel.on('message', heard);
    return () => void channel.off('message', heard);
  }

  /** Drops this replica's entry at once; the others hear the announcement. */
  invalidate(companyId: string, userId?: string): void {
    this.cache.invalidate(userId ? memberTag(companyId, userId) : companyTag(companyId));
  }
}

const NOT_MEMBER = '' as Role;
