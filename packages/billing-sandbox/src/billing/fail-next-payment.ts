import type { SandboxStore, StoredObject } from '../store';
import type { CustomerObject } from '../objects/customers';
import { isEnded, type SubscriptionObject } from '../objects/subscriptions';
import { StripeWireError } from '../stripe-error';

/**
 * Marks the live subscriptions of a company (its customers', and any whose
 * own metadata names it) so their next charge is declined whatever the card.
 */
export async function failNextPayment(store: SandboxStore, companyId: string): Promise<string[]> {
  const customers = await store.list<CustomerObject>('customer', { metadata: ['companyId', companyId], limit: 100 });
  const found = new Map<string, StoredObject<SubscriptionObject>>();
  for (const customer of customers.data) {
    const page = await store.list<SubscriptionObject>('subscription', { customer: customer.data.id, limit: 100 });
    for (const subscription of page.data) found.set(subscription.data.id, subscription);
  }
  for (const subscription of (
    await store.list<SubscriptionObject>('subscription', { metadata: ['companyId', companyId], limit: 100 })
  ).data) {
    found.set(subscription.data.id, subscription);
  }
  const marked: string[] = [];
  for (const subscription of found.values()) {
    if (isEnded(subscription.data.status)) continue;
    await store.save(subscription.data, { ...subscription.internal, failNextPayment: true });
    marked.push(subscription.data.id);
  }
  if (marked.length === 0)
    throw new StripeWireError(
      404,
      'invalid_request_error',
      'This company has no live subscription in the sandbox.',
      'resource_missing',
    );
  return marked;
}
