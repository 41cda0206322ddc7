import { invalidParam, missingParam, missingResource, StripeWireError } from '../stripe-error';
import { bool, int, list, mergeMetadata, metadata, obj, requiredStr, str } from '../params';
import type { FormObject } from '../form-encoding';
import type { SandboxStore } from '../store';
import type { PriceObject } from '../objects/prices';
import type { SubscriptionObject } from '../objects/subscriptions';
import { isEnded } from '../objects/subscriptions';
import { billSubscription, loadCustomer } from '../billing/invoicing';
import { cancelNow, processDue, saveSubscription, snapshot, type StoredSubscription } from '../billing/lifecycle';
import { prorationLines } from '../billing/proration';
import { startSubscription, type PaymentBehavior } from '../billing/start-subscription';
import { missingPaymentMethodBehavior } from './checkout';
import type { WireRouter } from './router';
import { listBody, pageOptions } from './lists';

export async function loadSubscription(store: SandboxStore, id: string, param = 'id'): Promise<StoredSubscription> {
  const found = await store.find<SubscriptionObject>(id, 'subscription');
  if (!found) throw missingResource('subscription', id, param);
  return found;
}

export async function loadPrice(store: SandboxStore, id: string, param: string): Promise<PriceObject> {
  const price = await store.find<PriceObject>(id, 'price');
  if (!price) throw missingResource('price', id, param);
  return price.data;
}

async function checkPaymentMethod(
  store: SandboxStore,
  customer: string,
  id: string | undefined,
  param: string,
): Promise<string | null> {
  if (!id) return null;
  const method = await store.find(id, 'payment_method');
  if (!method || method.data.customer !== customer) throw missingResource('payment_method', id, param);
  return id;
}

function paymentBehavior(params: FormObject): PaymentBehavior {
  const value = str(params, 'payment_behavior') ?? 'allow_incomplete';
  if (value !== 'allow_incomplete' && value !== 'default_incomplete' && value !== 'error_if_incomplete') {
    throw invalidParam('payment_behavior', `Invalid payment_behavior: ${value}`);
  }
  return value;
}

/** The one item's new price, when `items[0]` names one. */
async function requestedPrice(
  store: SandboxStore,
  subscription: SubscriptionObject,
  params: FormObject,
): Promise<PriceObject | null> {
  const items = list(params, 'items');
  if (items.length === 0) return null;
  const item = items[0];
  if (items.length > 1 || typeof item !== 'object' || Array.isArray(item))
    throw invalidParam('items', 'The sandbox provider supports one subscription item.');
  const itemId = str(item, 'id');
  if (itemId && itemId !== subscription.items.data[0].id)
    throw missingResource('subscription_item', itemId, 'items[0][id]');
  const priceId = str(item, 'price');
  return priceId ? loadPrice(store, priceId, 'items[0][price]') : null;
}

async function update(store: SandboxStore, subscription: StoredSubscription, params: FormObject): Promise<void> {
  const data = subscription.data;
  const before = snapshot(subscription);
  data.metadata = mergeMetadata(data.metadata, metadata(params));
  if (isEnded(data.status)) {
    if (Object.keys(params).some((key) => !['metadata', 'expand', 'cancellation_details'].includes(key))) {
      throw new StripeWireError(
        400,
        'invalid_request_error',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
    return saveSubscription(store, subscription, before);
  }
  const now = store.now();
  const item = data.items.data[0];
  const methodId = await checkPaymentMethod(
    store,
    data.customer,
    str(params, 'default_payment_method'),
    'default_payment_method',
  );
  if (methodId) data.default_payment_method = methodId;

  const cancelAtPeriodEnd = bool(params, 'cancel_at_period_end');
  if (cancelAtPeriodEnd !== undefined) {
    data.cancel_at_period_end = cancelAtPeriodEnd;
    data.cancel_at = cancelAtPeriodEnd ? item.current_period_end : null;
    data.canceled_at = cancelAtPeriodEnd ? now : null;
    data.cancellation_details = {
      comment: null,
      feedback: null,
      reason: cancelAtPeriodEnd ? 'cancellation_requested' : null,
    };
  }

  const trialEnd = str(params, 'trial_end');
  if (trialEnd !== undefined) {
    const end = trialEnd === 'now' ? now : Number(trialEnd);
    if (!Number.isInteger(end) || end < now)
      throw invalidParam('trial_end', 'trial_end must be "now" or a time in the future');
    if (data.status === 'trialing' || end > now) {
      data.status = end > now ? 'trialing' : data.status;
      data.trial_start ??= now;
      data.trial_end = end;
      item.current_period_end = end;
      data.billing_cycle_anchor = end;
      subscription.internal.cycle = 0;
      if (end <= now) subscription.internal.trialWillEndSent = true;
    }
  }

  const newPrice = await requestedPrice(store, data, params);
  let failure: StripeWireError | null = null;
  if (newPrice && newPrice.id !== item.price.id) {
    const behaviour = str(params, 'proration_behavior') ?? 'create_prorations';
    if (!['create_prorations', 'none', 'always_invoice'].includes(behaviour))
      throw invalidParam('proration_behavior', `Invalid proration_behavior: ${behaviour}`);
    const lines = prorationLines(data, newPrice, int(params, 'proration_date') ?? now);
    item.price = newPrice;
    if (behaviour === 'create_prorations') {
      subscription.internal.pendingProrations = [...(subscription.internal.pendingProrations ?? []), ...lines];
    } else if (behaviour === 'always_invoice' && lines.length > 0) {
      const result = await billSubscription(
        store,
        subscription,
        lines.map((line) => ({ ...line, product: newPrice.product, proration: true })),
        'subscription_update',
      );
      failure = result.failure;
      if (failure && paymentBehavior(params) === 'error_if_incomplete') throw failure;
      if (failure) data.status = 'past_due';
    }
  }
  await saveSubscription(store, subscription, before);
  // Ending a trial now is handled like any other due work.
  if (trialEnd === 'now') await processDue(store, now);
}

export function registerSubscriptions(router: WireRouter): void {
  router.post('/subscriptions', async ({ store, params }) => {
    const customer = await loadCustomer(store, requiredStr(params, 'customer'));
    const items = list(params, 'items');
    const first = items[0];
    if (!first || typeof first !== 'object' || Array.isArray(first)) throw missingParam('items');
    const price = await loadPrice(store, str(first, 'price') ?? '', 'items[0][price]');
    const trialDays = int(params, 'trial_period_days');
    const trialEndParam = str(params, 'trial_end');
    const trialEnd =
      trialEndParam === 'now'
        ? null
        : trialEndParam !== undefined
          ? int(params, 'trial_end')!
          : trialDays
            ? store.now() + trialDays * 86400
            : null;
    const { subscription } = await startSubscription(store, {
      customer: customer.data.id,
      price,
      defaultPaymentMethod: await checkPaymentMethod(
        store,
        customer.data.id,
        str(params, 'default_payment_method'),
        'default_payment_method',
      ),
      metadata: metadata(params) ?? {},
      trialEnd,
      missingPaymentMethod: missingPaymentMethodBehavior(obj(params, 'trial_settings'), 'trial_settings'),
      paymentBehavior: paymentBehavior(params),
    });
    return subscription;
  });

  router.get('/subscriptions/:id', async ({ store, path }) => (await loadSubscription(store, path.id)).data);

  router.post('/subscriptions/:id', async ({ store, params, path }) => {
    const subscription = await loadSubscription(store, path.id);
    await update(store, subscription, params);
    return (await loadSubscription(store, path.id)).data;
  });

  router.delete('/subscriptions/:id', async ({ store, path }) => {
    const subscription = await loadSubscription(store, path.id);
    if (isEnded(subscription.data.status)) {
      throw new StripeWireError(
        400,
        'invalid_request_error',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
    await cancelNow(store, subscription, 'cancellation_requested');
    return subscription.data;
  });

  router.get('/subscriptions', async ({ store, params }) => {
    const status = str(params, 'status');
    const page = await store.list<SubscriptionObject>('subscription', {
      ...pageOptions(params),
      customer: str(params, 'customer'),
      match: status && status !== 'all' ? { status } : undefined,
      // Like the provider, canceled subscriptions are listed only when asked for.
      statusNotIn: status ? undefined : ['canceled', 'incomplete_expired'],
    });
    return listBody('/v1/subscriptions', page);
  });
}
