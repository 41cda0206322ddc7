import type { SubscriptionDeps } from '../deps';
import { findCustomerId, saveCustomer } from '../repositories/subscription-repository';

/**
 * The company's customer at the provider, created once. The idempotency key is the company:
 * two concurrent first calls get the same customer from the provider, and only one row is kept.
 */
export async function ensureCustomer(deps: SubscriptionDeps, companyId: string): Promise<string> {
  const known = await findCustomerId(deps.db, companyId);
  if (known) return known;
  const customerId = await deps.provider.createCustomer({ companyId }, `customer-${companyId}`);
  await saveCustomer(deps.db, companyId, customerId);
  return (await findCustomerId(deps.db, companyId)) ?? customerId;
}
