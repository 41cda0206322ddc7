import type { SubscriptionDeps } from '../deps';
import { ensureCustomer } from './ensure-customer';

/** A provider-hosted page where the card is updated; it returns to the subscription page. */
export async function openBillingPortal(
  deps: SubscriptionDeps,
  input: { companyId: string; requestId: string },
): Promise<{ url: string }> {
  const customerId = await ensureCustomer(deps, input.companyId);
  const returnUrl = `${deps.config.PUBLIC_URL}/company/${input.companyId}/subscription`;
  // Each request opens its own short-lived session; the request id keeps the SDK's own retries to one.
  return deps.provider.portal({ customerId, returnUrl }, `portal-${input.companyId}-${input.requestId}`);
}
