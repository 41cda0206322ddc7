import type { FormObject } from '../form-encoding';
import { int, list, obj, requiredStr, str } from '../params';
import type { SandboxStore } from '../store';
import { invalidParam, missingParam, missingResource } from '../stripe-error';
import { invoiceObject } from '../objects/invoices';
import { addMonths } from '../objects/periods';
import type { PriceObject } from '../objects/prices';
import { subscriptionObject, type SubscriptionInternal, type SubscriptionObject } from '../objects/subscriptions';
import { loadCustomer } from './invoicing';
import { recurringLine } from './lifecycle';
import { prorationLines } from './proration';

async function priceOf(store: SandboxStore, id: string): Promise<PriceObject> {
  const price = await store.find<PriceObject>(id, 'price');
  if (!price) throw missingResource('price', id, 'subscription_details[items][0][price]');
  return price.data;
}

/**
 * What the next invoice would be, never stored: for an existing subscription
 * changing price at `proration_date`, the proration (a credit for the unused
 * rest of the period on the old price, a charge for it on the new one) and,
 * unless the change is invoiced at once, the next period at the new price;
 * for a customer without a subscription, the first month of the price.
 */
export async function previewInvoice(store: SandboxStore, params: FormObject) {
  const details = obj(params, 'subscription_details') ?? {};
  const first = list(details, 'items')[0];
  const item = first && typeof first === 'object' && !Array.isArray(first) ? first : undefined;
  const requestedPrice = item ? str(item, 'price') : undefined;
  const behaviour = str(details, 'proration_behavior') ?? 'create_prorations';
  if (!['create_prorations', 'none', 'always_invoice'].includes(behaviour)) {
    throw invalidParam('subscription_details[proration_behavior]', `Invalid proration_behavior: ${behaviour}`);
  }
  const subscriptionId = str(params, 'subscription');

  if (!subscriptionId) {
    const customer = await loadCustomer(store, requiredStr(params, 'customer'));
    if (!requestedPrice) throw missingParam('subscription_details[items][0][price]');
    const price = await priceOf(store, requestedPrice);
    const now = store.now();
    const draft = subscriptionObject({
      now,
      customer: customer.data.id,
      price,
      periodStart: now,
      periodEnd: addMonths(now, 1),
      status: 'incomplete',
      defaultPaymentMethod: null,
      metadata: {},
      trialStart: null,
      trialEnd: null,
      missingPaymentMethod: 'create_invoice',
    });
    const preview = invoiceObject({
      now,
      subscription: draft,
      customer: { id: customer.data.id, email: customer.data.email, name: customer.data.name },
      lines: [recurringLine(draft, now, addMonths(now, 1))],
      billingReason: 'subscription_create',
      startingBalance: customer.data.balance,
      number: null,
      preview: true,
    });
    preview.next_payment_attempt = now;
    return { ...preview, parent: { ...preview.parent, subscription_details: { metadata: {}, subscription: null } } };
  }

  const stored = await store.find<SubscriptionObject>(subscriptionId, 'subscription');
  if (!stored) throw missingResource('subscription', subscriptionId, 'subscription');
  const subscription = stored.data;
  const customerId = str(params, 'customer') ?? subscription.customer;
  if (customerId !== subscription.customer)
    throw invalidParam('customer', 'The subscription belongs to another customer.');
  const customer = await loadCustomer(store, customerId);
  const current = subscription.items.data[0];
  const itemId = item ? str(item, 'id') : undefined;
  if (itemId && itemId !== current.id)
    throw missingResource('subscription_item', itemId, 'subscription_details[items][0][id]');
  const price = requestedPrice ? await priceOf(store, requestedPrice) : current.price;
  const prorationDate = int(details, 'proration_date') ?? store.now();
  const prorations = behaviour === 'none' ? [] : prorationLines(subscription, price, prorationDate);
  const lines = prorations.map((line) => ({ ...line, product: price.product, proration: true }));
  if (behaviour !== 'always_invoice') {
    const pending = ((stored.internal as SubscriptionInternal).pendingProrations ?? []).map((line) => ({
      ...line,
      product: current.price.product,
      proration: true,
    }));
    const start = current.current_period_end;
    const next = { ...subscription, items: { ...subscription.items, data: [{ ...current, price }] } };
    lines.unshift(...pending);
    lines.push(recurringLine(next, start, addMonths(start, 1)));
  }
  const preview = invoiceObject({
    now: store.now(),
    subscription,
    customer: { id: customer.data.id, email: customer.data.email, name: customer.data.name },
    lines,
    billingReason: behaviour === 'always_invoice' ? 'subscription_update' : 'upcoming',
    startingBalance: customer.data.balance,
    number: null,
    preview: true,
  });
  // An upcoming invoice is charged when the period ends; an invoiced change at once.
  preview.next_payment_attempt = behaviour === 'always_invoice' ? store.now() : current.current_period_end;
  return {
    ...preview,
    parent: {
      ...preview.parent,
      subscription_details: { ...preview.parent.subscription_details, subscription_proration_date: prorationDate },
    },
  };
}
