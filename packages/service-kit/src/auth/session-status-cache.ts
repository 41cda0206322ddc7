import type { SessionStatusAnswer } from '@tracemap/contracts';
import { NotificationChannel, type ChannelLog } from '../cache/notification-channel';
import { PushInvalidatedCache } from '../cache/push-invalidated-cache';

/**
 * Where the auth service announces that sessions ended or changed: payloads
 * are space-separated `session:<id>` and `user:<id>` tags (a user tag: every
 * session of that user, e.g. after a second factor was verified).
 */
export const SESSION_EVENTS_CHANNEL = 'auth_session_events';

export interface SessionStatusCacheOptions {
  /** The direct check: asks the auth service, whose answer is its session route's contract. */
  fetchStatus: (sessionId: string) => Promise<SessionStatusAnswer>;
  /** The database the auth service announces on; without one every request asks. */
  databaseUrl?: string;
  /** Asks the auth service to announce `probe:<nonce>`. */
  probe: (nonce: string) => Promise<void>;
  maxTtlMs: number;
  max?: number;
}

/**
 * Known-active sessions, kept while the auth service's announcements reach
 * us and dropped the moment one names them; while the announcements cannot
 * be trusted (connection lost, not yet confirmed) every request asks auth.
 */
export class SessionStatusCache {
  readonly channel: NotificationChannel | null;
  readonly cache: PushInvalidatedCache<SessionStatusAnswer>;

  constructor(private readonly options: SessionStatusCacheOptions) {
    this.channel =
      options.databaseUrl && options.maxTtlMs > 0
        ? new NotificationChannel({
            databaseUrl: options.databaseUrl,
            channel: SESSION_EVENTS_CHANNEL,
            probe: options.probe,
          })
        : null;
    this.cache = new PushInvalidatedCache<SessionStatusAnswer>({ channel: this.channel, max: options.max });
  }

  start(log?: ChannelLog): void {
    this.channel?.start(log);
  }

  async stop(): Promise<void> {
    await this.channel?.stop();
  }

  /**
   * Drops every kept session of a user in this replica at once. For the replica that ended them
   * itself: the auth service's announcement reaches it too, but maybe after its next request.
   */
  forgetUser(userId: string): void {
    this.cache.invalidate(`user:${userId}`);
  }

  status(sessionId: string, userId: string): Promise<SessionStatusAnswer> {
    return this.cache.get(sessionId, [`session:${sessionId}`, `user:${userId}`], async () => {
      const value = await this.options.fetchStatus(sessionId);
      const endsIn = value.expiresAt ? Date.parse(value.expiresAt) - Date.now() : this.options.maxTtlMs;
      return { value, ttlMs: value.active ? Math.min(this.options.maxTtlMs, endsIn) : 0 };
    });
  }
}
