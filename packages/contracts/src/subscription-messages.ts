// Kept apart from the schemas (subscription.ts): the shell bundles these messages, and
// importing them must not pull the schema library into the first page load.

/**
 * PostgreSQL notification channel on which billing announces, on commit, the id of a company
 * whose subscription changed; the company service drops what it cached about it.
 */
export const SUBSCRIPTION_EVENTS_CHANNEL = 'company_subscription_events';

/** Machine codes the subscription API answers besides the common ones. */
export const SUBSCRIPTION_ERROR_CODES = [
  'subscription_required',
  'unknown_price',
  'no_subscription',
  'billing_unavailable',
] as const;

export const SUBSCRIPTION_MESSAGES = {
  subscriptionRequired:
    'This company has no active subscription. Reading is still possible; ask an owner or admin to manage the subscription.',
  unknownPrice: 'This plan does not exist.',
  noSubscription: 'This company has no subscription to change.',
  updateFailed: 'Could not update the subscription. Try again later.',
  cancelFailed: 'Could not cancel the subscription. Try again later.',
  resumeFailed: 'Could not resume the subscription. Try again later.',
  previewFailed: 'Could not preview the change. Try again later.',
  portalFailed: 'Could not open the billing portal. Try again later.',
  invoicesFailed: 'Could not load the invoices. Try again later.',
  detailsFailed: 'Could not load the subscription. Try again later.',
  plansFailed: 'Could not load the plans. Try again later.',
} as const;
