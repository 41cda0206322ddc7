import { EventEmitter } from 'node:events';
import { hasActiveSubscription, SUBSCRIPTION_MESSAGES, type SubscriptionStatus } from '@tracemap/contracts';
import { BoundedLru } from '../cache/bounded-lru';
import { AppError } from '../errors';

export interface SubscriptionGateOptions {
  /** Off: every company may edit (tests and set-ups without billing). */
  enforced: boolean;
  ttlMs: number;
  /** The subscription service's answer; throws when it cannot answer. */
  lookup: (companyId: string, requestId?: string) => Promise<{ status: SubscriptionStatus } | null>;
  /** A trial requested at creation that billing has not started yet (the company service knows). */
  pendingTrial?: (companyId: string) => Promise<boolean>;
  log: { warn(obj: object, msg?: string): void };
}

/**
 * Whether a company may change what it keeps (its plan, its discovery sources and data):
 * only while its subscription runs (active, trialing, canceled until the period ends, past
 * due). Without one the company stays fully readable.
 *
 * Statuses are kept per company for `ttlMs`, and dropped at once when the subscription
 * service reports a change. "No subscription" is never kept: it is the state a new company
 * leaves within seconds.
 *
 * When the subscription service cannot answer, the gate lets the write through (fail open)
 * and logs a warning: a billing outage must not stop paying customers from working, and a
 * company without a subscription gains at most the length of the outage.
 */
export class SubscriptionGate extends EventEmitter {
  private readonly cache: BoundedLru<{ status: SubscriptionStatus }> | null;

  constructor(private readonly options: SubscriptionGateOptions) {
    super();
    this.cache = options.ttlMs > 0 ? new BoundedLru(10_000) : null;
  }

  async requireActive(companyId: string, requestId?: string): Promise<void> {
    if (!this.options.enforced) return;
    let found = this.cache?.get(companyId) ?? null;
    if (!found) {
      try {
        found = await this.options.lookup(companyId, requestId);
      } catch (error) {
        this.options.log.warn(
          { err: error, companyId, requestId },
          'subscription unknown (billing unavailable): edit allowed',
        );
        return;
      }
      if (found) this.cache?.set(companyId, found, this.options.ttlMs);
    }
    if (hasActiveSubscription(found?.status)) return;
    if (!found && (await this.options.pendingTrial?.(companyId))) return;
    throw new AppError(402, 'subscription_required', SUBSCRIPTION_MESSAGES.subscriptionRequired);
  }

  /** Emits `invalidated` (companyId). */
  invalidate(companyId: string): void {
    this.cache?.delete(companyId);
    this.emit('invalidated', companyId);
  }
}
