import type { SandboxStore, StoredObject } from '../store';
import { customerObject, type CustomerObject } from '../objects/customers';
import { paymentMethodObject } from '../objects/payment-methods';
import type { PriceObject } from '../objects/prices';
import type { MissingPaymentMethodBehavior } from '../objects/subscriptions';
import { StripeWireError } from '../stripe-error';
import { loadCustomer } from './invoicing';
import { startSubscription } from './start-subscription';
import { readCard, type CardForm } from './test-cards';
import type { CheckoutSessionObject } from '../objects/checkout-sessions';

export interface CheckoutInternal {
  [key: string]: unknown;
  price: string;
  subscriptionMetadata: Record<string, string>;
  trialEnd: number | null;
  trialPeriodDays: number | null;
  missingPaymentMethod: MissingPaymentMethodBehavior;
}

export const sessionNotActive = () =>
  new StripeWireError(
    400,
    'invalid_request_error',
    'This Checkout Session is no longer active.',
    'checkout_session_not_active',
  );

/**
 * Pays a checkout session with a card typed into the hosted page. Any
 * refusal is thrown before anything is kept: the caller's transaction rolls
 * back, so a declined card changes nothing. Returns where to send the payer.
 */
export async function completeCheckout(store: SandboxStore, sessionId: string, form: CardForm): Promise<string> {
  const session = await store.find<CheckoutSessionObject>(sessionId, 'checkout.session');
  if (!session)
    throw new StripeWireError(404, 'invalid_request_error', 'This checkout page does not exist.', 'resource_missing');
  if (session.data.status !== 'open' || session.data.expires_at < store.now()) throw sessionNotActive();
  const internal = session.internal as CheckoutInternal;
  const { card, chargesFail, needsAuthentication } = readCard(form, store.now());

  let customer: StoredObject<CustomerObject>;
  if (session.data.customer) customer = await loadCustomer(store, session.data.customer);
  else {
    const created = customerObject(store.now(), {
      email: session.data.customer_email ?? undefined,
      name: card.name || undefined,
    });
    await store.insert(created);
    await store.emit('customer.created', created);
    customer = { data: created, internal: {} };
  }
  const method = paymentMethodObject(store.now(), customer.data.id, card);
  await store.insert(method, { chargesFail, needsAuthentication });
  await store.emit('payment_method.attached', method);

  const price = (await store.find<PriceObject>(internal.price, 'price'))!.data;
  const trialEnd =
    internal.trialEnd ?? (internal.trialPeriodDays ? store.now() + internal.trialPeriodDays * 86400 : null);
  // The first charge must succeed for the page to complete: a decline is thrown and undoes everything above.
  const { subscription, payment } = await startSubscription(store, {
    customer: customer.data.id,
    price,
    defaultPaymentMethod: method.id,
    metadata: internal.subscriptionMetadata,
    trialEnd,
    missingPaymentMethod: internal.missingPaymentMethod,
    paymentBehavior: 'error_if_incomplete',
    onSession: true,
  });

  const data = session.data;
  data.status = 'complete';
  data.payment_status = payment.invoice.amount_paid > 0 ? 'paid' : 'no_payment_required';
  data.customer = customer.data.id;
  data.customer_details = {
    email: customer.data.email ?? data.customer_email,
    name: card.name || customer.data.name,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
    address: null,
  };
  data.subscription = subscription.id;
  data.invoice = payment.invoice.id;
  data.url = null;
  await store.save(data);
  await store.emit('checkout.session.completed', data);
  return data.success_url.replace(/\{CHECKOUT_SESSION_ID\}/g, data.id);
}
