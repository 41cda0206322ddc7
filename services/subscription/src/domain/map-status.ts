import type { SubscriptionStatus } from '@tracemap/contracts';

/** The provider's subscription statuses (Stripe's). */
export const PROVIDER_STATUSES = [
  'trialing',
  'active',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'unpaid',
  'canceled',
  'paused',
] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

/** The product's state of a company's subscription; `none` is stored but shown as "no subscription". */
export type LocalStatus = SubscriptionStatus | 'none';

/**
 * The one place the provider's statuses become the product's:
 *
 * - `trialing` stays trialing (a trial that will not convert still runs until its end).
 * - `active` is active, or `canceled` when it is set to stop at the end of the paid period:
 *   the product's "canceled" means "canceled but not over yet", so it still counts as active.
 * - `past_due` (a renewal failed, the provider is retrying) is past due: still active, the
 *   company gets time to fix the card.
 * - `incomplete` (the first payment has not gone through) gives nothing yet: none.
 * - `canceled` (it has ended), `incomplete_expired`, `unpaid` (every retry failed) and
 *   `paused` (a trial ended without a card) are all terminated: reading only.
 */
export function mapProviderStatus(status: string, cancelAtPeriodEnd: boolean): LocalStatus {
  switch (status) {
    case 'trialing':
      return 'trialing';
    case 'active':
      return cancelAtPeriodEnd ? 'canceled' : 'active';
    case 'past_due':
      return 'past_due';
    case 'incomplete':
      return 'none';
    case 'canceled':
    case 'incomplete_expired':
    case 'unpaid':
    case 'paused':
      return 'terminated';
    default:
      // A status this code does not know yet grants nothing rather than everything.
      return 'terminated';
  }
}

/** A subscription the provider will still bill or is still in its trial: worth keeping over an ended one. */
export function isLive(status: string): boolean {
  return status === 'trialing' || status === 'active' || status === 'past_due' || status === 'incomplete';
}
