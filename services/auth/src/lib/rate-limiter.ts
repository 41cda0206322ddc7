import type pg from 'pg';
import { takeToken } from '../repositories/rate-limits-repository';
import { overEmailSendRateLimit, overRequestRateLimit } from './auth-error';

export interface Limit {
  /** Requests allowed per window. */
  capacity: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /** Throws 429 over_request_rate_limit when any of the buckets is empty. */
  check(buckets: Array<{ key: string; limit: Limit }>): Promise<void>;
  /** At most one email per address per interval: 429 over_email_send_rate_limit. */
  checkEmailSend(email: string): Promise<void>;
  /** The same interval, without an error: true when an email may go out now (and counts it). */
  takeEmailSlot(email: string): Promise<boolean>;
}

/**
 * Token buckets kept in PostgreSQL, so limits hold across replicas and
 * restarts. Every bucket is charged even when an earlier one refuses, so
 * that an attacker cannot spread attempts over keys.
 */
export function createRateLimiter(pool: pg.Pool, emailIntervalSeconds: number): RateLimiter {
  return {
    async check(buckets) {
      let retryAfter = 0;
      for (const { key, limit } of buckets) {
        const result = await takeToken(pool, key, limit.capacity, limit.windowSeconds);
        if (!result.allowed) {
          const perToken = limit.windowSeconds / limit.capacity;
          retryAfter = Math.max(retryAfter, Math.ceil((1 - result.tokens) * perToken));
        }
      }
      if (retryAfter > 0) throw overRequestRateLimit(retryAfter);
    },
    async checkEmailSend(email) {
      if (emailIntervalSeconds <= 0) return;
      const result = await takeToken(pool, `email-send:${email}`, 1, emailIntervalSeconds);
      if (!result.allowed)
        throw overEmailSendRateLimit(Math.max(1, Math.ceil((1 - result.tokens) * emailIntervalSeconds)));
    },
    async takeEmailSlot(email) {
      if (emailIntervalSeconds <= 0) return true;
      return (await takeToken(pool, `email-send:${email}`, 1, emailIntervalSeconds)).allowed;
    },
  };
}
