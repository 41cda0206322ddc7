/**
 * The product's subscription states. `canceled` means "will not renew": the owner canceled,
 * the paid period is still running and the company keeps full use until it ends. Once it has
 * ended the state is `terminated`. A company that never had a subscription has none (null).
 */
export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'canceled', 'past_due', 'terminated'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** `null` and `undefined` stand for "no subscription". */
export type MaybeStatus = SubscriptionStatus | null | undefined;

const ACTIVE: ReadonlySet<string> = new Set(['active', 'trialing', 'canceled', 'past_due']);
const NON_TRIAL: ReadonlySet<string> = new Set(['active', 'canceled', 'past_due']);
const ENDED: ReadonlySet<string> = new Set(['canceled', 'terminated']);

/** The company may use everything (edit its plan): active, trialing, canceled (until the period ends), past due. */
export function hasActiveSubscription(status: MaybeStatus): boolean {
  return status != null && ACTIVE.has(status);
}

/** Paid (not a trial): active, canceled, past due. */
export function isNonTrial(status: MaybeStatus): boolean {
  return status != null && NON_TRIAL.has(status);
}

/**
 * The subscription will not continue: canceled, terminated or none. Note that `canceled`
 * is both "ended" (it will not renew, so the page offers to resume or pick a plan) and
 * still active until the period is over.
 */
export function hasEnded(status: MaybeStatus): boolean {
  return status == null || ENDED.has(status);
}

/** Needs the "Manage Subscription" banner: no subscription at all, or terminated. */
export function needsSubscription(status: MaybeStatus): boolean {
  return status == null || status === 'terminated';
}

/**
 * The card expires this month or has expired already (the admins' banner): expiry month and
 * year at or before the current month and year. `now` is injectable for tests.
 */
export function cardExpiring(
  month: number | null | undefined,
  year: number | null | undefined,
  now: Date = new Date(),
): boolean {
  if (month == null || year == null) return false;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return year * 12 + (month - 1) <= current;
}
