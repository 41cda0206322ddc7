import type pg from 'pg';
import { COMPANY_MEMBERSHIP_EVENTS_CHANNEL, type CompanyRole } from '@tracemap/contracts';
import { NotificationChannel, notifyProbe, type ChannelLog } from './notification-channel';
import type { CacheCounts } from '../observability/metrics';
import { PushInvalidatedCache } from './push-invalidated-cache';

const memberTag = (companyId: string, userId: string) => `member:${companyId}:${userId}`;
const companyTag = (companyId: string) => `company:${companyId}`;
const NOT_MEMBER = '' as CompanyRole;

/**
 * For a service beside company (insights, integrations): a caller's role per company as the
 * company service knows it, kept exactly as the company
 * service keeps its own: while this replica hears the company's membership announcements,
 * and dropped the moment one names the member or the company; while they cannot be heard
 * every request asks. Only memberships are kept: a refusal is always asked afresh, so a new
 * member gets in at once.
 */
export class MemberRoles {
  readonly channel: NotificationChannel | null;
  private readonly cache: PushInvalidatedCache<CompanyRole>;

  constructor(
    db: pg.Pool,
    private readonly options: {
      databaseUrl: string;
      /** The listener connection's name, e.g. `insights_membership_listener`. */
      applicationName: string;
      ttlMs: number;
      ask: (companyId: string, userId: string, requestId?: string) => Promise<CompanyRole | null>;
    },
  ) {
    this.channel =
      options.ttlMs > 0
        ? new NotificationChannel({
            databaseUrl: options.databaseUrl,
            channel: COMPANY_MEMBERSHIP_EVENTS_CHANNEL,
            applicationName: options.applicationName,
            probe: notifyProbe(db, COMPANY_MEMBERSHIP_EVENTS_CHANNEL),
          })
        : null;
    this.cache = new PushInvalidatedCache<CompanyRole>({ channel: this.channel });
  }

  /** Lookups answered from memory and those that asked the company service, for the metrics. */
  get counts(): CacheCounts {
    return this.cache.counts;
  }

  start(log?: ChannelLog): void {
    this.channel?.start(log);
  }

  async stop(): Promise<void> {
    await this.channel?.stop();
  }

  /** The member's role, or null for a non-member. */
  async role(companyId: string, userId: string, requestId?: string): Promise<CompanyRole | null> {
    const role = await this.cache.get(
      `${companyId}:${userId}`,
      [memberTag(companyId, userId), companyTag(companyId)],
      async () => {
        const found = await this.options.ask(companyId, userId, requestId);
        return { value: found ?? NOT_MEMBER, ttlMs: found ? this.options.ttlMs : 0 };
      },
    );
    return role === NOT_MEMBER ? null : role;
  }
}
