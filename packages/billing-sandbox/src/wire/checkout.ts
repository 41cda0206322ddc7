import { invalidParam, missingParam, missingResource } from '../stripe-error';
import { int, list, metadata, obj, requiredStr, str } from '../params';
import type { FormObject } from '../form-encoding';
import { checkoutSessionObject, portalSessionObject, type CheckoutSessionObject } from '../objects/checkout-sessions';
import type { PriceObject } from '../objects/prices';
import type { MissingPaymentMethodBehavior } from '../objects/subscriptions';
import { loadCustomer } from '../billing/invoicing';
import type { CheckoutInternal } from '../billing/complete-checkout';
import type { WireRouter } from './router';

const URL_PATTERN = /^https?:\/\/[^\s]+$/;

function url(params: FormObject, name: string, required: boolean): string | null {
  const value = str(params, name);
  if (value === undefined || value === '') {
    if (required) throw missingParam(name);
    return null;
  }
  if (!URL_PATTERN.test(value)) throw invalidParam(name, 'Not a valid URL');
  return value;
}

export function missingPaymentMethodBehavior(
  settings: FormObject | undefined,
  param: string,
): MissingPaymentMethodBehavior {
  const endBehavior = settings?.end_behavior;
  const value =
    endBehavior && typeof endBehavior === 'object' && !Array.isArray(endBehavior)
      ? endBehavior.missing_payment_method
      : undefined;
  if (value === undefined) return 'create_invoice';
  if (value !== 'cancel' && value !== 'create_invoice' && value !== 'pause')
    throw invalidParam(param, `Invalid missing_payment_method: ${String(value)}`);
  return value;
}

export function registerCheckout(router: WireRouter, publicUrl: string): void {
  router.post('/checkout/sessions', async ({ store, params }) => {
    if (str(params, 'mode') !== 'subscription')
      throw invalidParam('mode', 'The sandbox provider supports checkout in subscription mode only.');
    const items = list(params, 'line_items');
    if (items.length !== 1 || typeof items[0] !== 'object' || Array.isArray(items[0])) {
      throw invalidParam('line_items', 'The sandbox provider expects exactly one line item.');
    }
    const priceId = str(items[0], 'price');
    if (!priceId) throw missingParam('line_items[0][price]');
    const price = await store.find<PriceObject>(priceId, 'price');
    if (!price) throw missingResource('price', priceId, 'line_items[0][price]');
    const customerId = str(params, 'customer');
    if (customerId) await loadCustomer(store, customerId);
    const subscriptionData = obj(params, 'subscription_data') ?? {};
    const trialPeriodDays = int(subscriptionData, 'trial_period_days') ?? null;
    const trialEnd = int(subscriptionData, 'trial_end') ?? null;
    const trialSettings = obj(subscriptionData, 'trial_settings');
    const internal: CheckoutInternal = {
      price: priceId,
      subscriptionMetadata: metadata(subscriptionData) ?? {},
      trialPeriodDays,
      trialEnd,
      missingPaymentMethod: missingPaymentMethodBehavior(trialSettings, 'subscription_data[trial_settings]'),
    };
    const session = checkoutSessionObject({
      now: store.now(),
      publicUrl,
      customer: customerId ?? null,
      customerEmail: str(params, 'customer_email') ?? null,
      successUrl: url(params, 'success_url', true)!,
      cancelUrl: url(params, 'cancel_url', false),
      clientReferenceId: str(params, 'client_reference_id') ?? null,
      metadata: metadata(params) ?? {},
      amount: trialPeriodDays || trialEnd ? 0 : price.data.unit_amount,
    });
    await store.insert(session, internal);
    return session;
  });

  router.get('/checkout/sessions/:id', async ({ store, path }) => {
    const session = await store.find<CheckoutSessionObject>(path.id, 'checkout.session');
    if (!session) throw missingResource('checkout.session', path.id);
    return session.data;
  });

  router.post('/billing_portal/sessions', async ({ store, params }) => {
    const customer = await loadCustomer(store, requiredStr(params, 'customer'));
    const session = portalSessionObject({
      now: store.now(),
      publicUrl,
      customer: customer.data.id,
      returnUrl: url(params, 'return_url', false),
    });
    await store.insert(session);
    return session;
  });
}
