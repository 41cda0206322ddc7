import type { SandboxStore } from '../store';
import type { CustomerObject } from '../objects/customers';
import { paymentMethodObject, type PaymentMethodObject } from '../objects/payment-methods';
import type { PortalSessionObject } from '../objects/checkout-sessions';
import type { InvoiceObject } from '../objects/invoices';
import { isEnded, type SubscriptionObject } from '../objects/subscriptions';
import { StripeWireError } from '../stripe-error';
import { attemptPayment, loadCustomer } from './invoicing';
import { saveSubscription, snapshot, type StoredSubscription } from './lifecycle';
import { readCard, type CardForm } from './test-cards';

export async function loadPortalSession(store: SandboxStore, id: string) {
  const session = await store.find<PortalSessionObject>(id, 'billing_portal.session');
  if (!session)
    throw new StripeWireError(404, 'invalid_request_error', 'This billing page does not exist.', 'resource_missing');
  return session.data;
}

/** The card the customer pays with now: the customer's default, else that of its newest live subscription. */
export async function currentCard(store: SandboxStore, customer: CustomerObject): Promise<PaymentMethodObject | null> {
  let id = customer.invoice_settings.default_payment_method;
  if (!id) {
    const subscriptions = await store.list<SubscriptionObject>('subscription', { customer: customer.id, limit: 100 });
    id =
      subscriptions.data.find((s) => !isEnded(s.data.status) && s.data.default_payment_method)?.data
        .default_payment_method ?? null;
  }
  return id ? ((await store.find<PaymentMethodObject>(id, 'payment_method'))?.data ?? null) : null;
}

/**
 * Replaces the customer's card from the hosted billing page (the same card
 * number again updates the saved card's expiry instead). The new card
 * becomes the default of the customer and its live subscriptions, the old
 * one is detached, and an unpaid invoice of a past-due subscription is
 * charged again at once (a declined retry leaves the retry schedule as it was).
 * A refused card is thrown before anything changes.
 */
export async function updateCard(
  store: SandboxStore,
  portalSessionId: string,
  form: CardForm,
): Promise<PaymentMethodObject> {
  const session = await loadPortalSession(store, portalSessionId);
  const customer = await loadCustomer(store, session.customer);
  const { card, chargesFail, needsAuthentication } = readCard(form, store.now());
  const previous = await currentCard(store, customer.data);

  const fresh = paymentMethodObject(store.now(), customer.data.id, card);
  let method: PaymentMethodObject;
  if (previous && previous.card.fingerprint === fresh.card.fingerprint) {
    // The same card with a new expiry or name: the saved card is updated, not replaced.
    method = previous;
    const before = { card: structuredClone(previous.card), billing_details: structuredClone(previous.billing_details) };
    method.card.exp_month = card.expMonth;
    method.card.exp_year = card.expYear;
    method.billing_details.name = card.name || method.billing_details.name;
    await store.save(method, { chargesFail, needsAuthentication });
    await store.emit('payment_method.updated', method, before);
  } else {
    method = fresh;
    await store.insert(method, { chargesFail, needsAuthentication });
    await store.emit('payment_method.attached', method);
  }
  if (customer.data.invoice_settings.default_payment_method !== method.id) {
    const before = structuredClone(customer.data);
    customer.data.invoice_settings.default_payment_method = method.id;
    await store.save(customer.data);
    await store.emit('customer.updated', customer.data, { invoice_settings: before.invoice_settings });
  }

  const subscriptions = await store.list<SubscriptionObject>('subscription', {
    customer: customer.data.id,
    limit: 100,
  });
  for (const found of subscriptions.data) {
    const subscription = found as StoredSubscription;
    if (isEnded(subscription.data.status)) continue;
    const snap = snapshot(subscription);
    subscription.data.default_payment_method = method.id;
    const invoice = subscription.data.latest_invoice
      ? await store.find<InvoiceObject>(subscription.data.latest_invoice, 'invoice')
      : null;
    if (subscription.data.status === 'past_due' && invoice?.data.status === 'open') {
      const result = await attemptPayment(
        store,
        invoice.data,
        subscription,
        subscription.internal.nextRetryAt ?? null,
        true,
      );
      if (result.paid) {
        subscription.data.status = 'active';
        subscription.internal.failedAttempts = 0;
        subscription.internal.nextRetryAt = null;
      }
    }
    await saveSubscription(store, subscription, snap);
  }

  if (previous && previous.id !== method.id) {
    const old = await store.find<PaymentMethodObject>(previous.id, 'payment_method');
    if (old) {
      old.data.customer = null;
      await store.save(old.data);
      await store.emit('payment_method.detached', old.data, { customer: customer.data.id });
    }
  }
  return method;
}
