import { previousAttributes, type SandboxStore, type StoredObject } from '../store';
import { addMonths, DAY } from '../objects/periods';
import type { InvoiceLineInput, InvoiceObject } from '../objects/invoices';
import type { SubscriptionInternal, SubscriptionObject } from '../objects/subscriptions';
import { attemptPayment, billSubscription, paymentMethodFor } from './invoicing';

export type StoredSubscription = StoredObject<SubscriptionObject> & { internal: SubscriptionInternal };

/** Retries of a failed renewal, counted from the previous attempt; after the last one fails the subscription is canceled. */
export const RETRY_DELAYS = [3 * DAY, 5 * DAY];
const TRIAL_WILL_END_NOTICE = 3 * DAY;
const INCOMPLETE_EXPIRES_AFTER = 23 * 60 * 60;

/** Saves the subscription and announces what changed. */
export async function saveSubscription(
  store: SandboxStore,
  subscription: StoredSubscription,
  before: SubscriptionObject,
): Promise<void> {
  await store.save(subscription.data, subscription.internal);
  const previous = previousAttributes(before, subscription.data);
  if (Object.keys(previous).length > 0) await store.emit('customer.subscription.updated', subscription.data, previous);
}

export const snapshot = (subscription: StoredSubscription): SubscriptionObject => structuredClone(subscription.data);

export function recurringLine(subscription: SubscriptionObject, start: number, end: number): InvoiceLineInput {
  const price = subscription.items.data[0].price;
  return {
    amount: price.unit_amount,
    description: `1 × ${price.nickname} (at $${(price.unit_amount / 100).toFixed(2)} / month)`,
    price: price.id,
    product: price.product,
    start,
    end,
    proration: false,
  };
}

export async function cancelNow(
  store: SandboxStore,
  subscription: StoredSubscription,
  reason: 'cancellation_requested' | 'payment_failed' | 'payment_disabled',
): Promise<void> {
  const now = store.now();
  subscription.data.status = 'canceled';
  subscription.data.canceled_at ??= now;
  subscription.data.ended_at = now;
  subscription.data.cancellation_details = { ...subscription.data.cancellation_details, reason };
  subscription.internal.nextRetryAt = null;
  await store.save(subscription.data, subscription.internal);
  await store.emit('customer.subscription.deleted', subscription.data);
}

/** Payment of a renewal (or the first invoice after a trial) decides the status. */
function applyPayment(subscription: StoredSubscription, paid: boolean, now: number): void {
  if (paid) {
    subscription.data.status = 'active';
    subscription.internal.failedAttempts = 0;
    subscription.internal.nextRetryAt = null;
  } else {
    subscription.data.status = 'past_due';
    subscription.internal.failedAttempts = 1;
    subscription.internal.nextRetryAt = now + RETRY_DELAYS[0];
  }
}

/** The period ends: a new one starts and is invoiced, with any prorations kept for it. */
async function renew(store: SandboxStore, subscription: StoredSubscription): Promise<void> {
  const before = snapshot(subscription);
  const item = subscription.data.items.data[0];
  const cycle = (subscription.internal.cycle ?? 0) + 1;
  subscription.internal.cycle = cycle;
  item.current_period_start = item.current_period_end;
  item.current_period_end = addMonths(subscription.data.billing_cycle_anchor, cycle + 1);
  const lines = [
    ...(subscription.internal.pendingProrations ?? []).map((p) => ({
      ...p,
      product: item.price.product,
      proration: true,
    })),
    recurringLine(subscription.data, item.current_period_start, item.current_period_end),
  ];
  subscription.internal.pendingProrations = [];
  const result = await billSubscription(store, subscription, lines, 'subscription_cycle', {
    nextAttemptAt: store.now() + RETRY_DELAYS[0],
  });
  applyPayment(subscription, result.paid, store.now());
  await saveSubscription(store, subscription, before);
}

async function endTrial(store: SandboxStore, subscription: StoredSubscription): Promise<void> {
  const before = snapshot(subscription);
  const method = await paymentMethodFor(store, subscription.data);
  const behaviour = subscription.data.trial_settings.end_behavior.missing_payment_method;
  if (!method && behaviour === 'cancel') return cancelNow(store, subscription, 'payment_disabled');
  if (!method && behaviour === 'pause') {
    subscription.data.status = 'paused';
    subscription.data.pause_collection = null;
    await saveSubscription(store, subscription, before);
    await store.emit('customer.subscription.paused', subscription.data);
    return;
  }
  const item = subscription.data.items.data[0];
  const start = subscription.data.trial_end ?? store.now();
  subscription.data.billing_cycle_anchor = start;
  subscription.internal.cycle = 0;
  item.current_period_start = start;
  item.current_period_end = addMonths(start, 1);
  const result = await billSubscription(
    store,
    subscription,
    [recurringLine(subscription.data, start, item.current_period_end)],
    'subscription_cycle',
    {
      nextAttemptAt: store.now() + RETRY_DELAYS[0],
    },
  );
  applyPayment(subscription, result.paid, store.now());
  await saveSubscription(store, subscription, before);
}

/** Charges the open invoice again; the last failed retry cancels the subscription. */
export async function retryOpenInvoice(store: SandboxStore, subscription: StoredSubscription): Promise<boolean> {
  const invoiceId = subscription.data.latest_invoice;
  const invoice = invoiceId ? await store.find<InvoiceObject>(invoiceId, 'invoice') : null;
  const before = snapshot(subscription);
  if (!invoice || invoice.data.status !== 'open') {
    subscription.internal.nextRetryAt = null;
    await store.save(subscription.data, subscription.internal);
    return false;
  }
  const attempts = subscription.internal.failedAttempts ?? 1;
  const lastRetry = attempts > RETRY_DELAYS.length;
  const nextAt = attempts < RETRY_DELAYS.length ? store.now() + RETRY_DELAYS[attempts] : null;
  const result = await attemptPayment(store, invoice.data, subscription, nextAt);
  if (result.paid) {
    subscription.data.status = 'active';
    subscription.internal.failedAttempts = 0;
    subscription.internal.nextRetryAt = null;
    await saveSubscription(store, subscription, before);
    return true;
  }
  subscription.internal.failedAttempts = attempts + 1;
  if (lastRetry || nextAt === null) {
    await cancelNow(store, subscription, 'payment_failed');
    return false;
  }
  subscription.internal.nextRetryAt = nextAt;
  await store.save(subscription.data, subscription.internal);
  return false;
}

type Action = { at: number; run: () => Promise<void> };

function nextAction(store: SandboxStore, subscription: StoredSubscription): Action | null {
  const data = subscription.data;
  const periodEnd = data.items.data[0].current_period_end;
  if (data.status === 'incomplete') {
    return {
      at: data.created + INCOMPLETE_EXPIRES_AFTER,
      run: async () => {
        const before = snapshot(subscription);
        data.status = 'incomplete_expired';
        data.ended_at = store.now();
        await saveSubscription(store, subscription, before);
      },
    };
  }
  if (data.status === 'trialing' && data.trial_end !== null) {
    if (!subscription.internal.trialWillEndSent) {
      return {
        at: Math.max(data.trial_start ?? data.created, data.trial_end - TRIAL_WILL_END_NOTICE),
        run: async () => {
          subscription.internal.trialWillEndSent = true;
          await store.save(data, subscription.internal);
          await store.emit('customer.subscription.trial_will_end', data);
        },
      };
    }
    return {
      at: data.trial_end,
      run: () =>
        data.cancel_at_period_end
          ? cancelNow(store, subscription, 'cancellation_requested')
          : endTrial(store, subscription),
    };
  }
  if (
    data.status === 'past_due' &&
    subscription.internal.nextRetryAt &&
    subscription.internal.nextRetryAt < periodEnd
  ) {
    return {
      at: subscription.internal.nextRetryAt,
      run: async () => void (await retryOpenInvoice(store, subscription)),
    };
  }
  if (data.status === 'active' || data.status === 'past_due') {
    return {
      at: periodEnd,
      run: () =>
        data.cancel_at_period_end
          ? cancelNow(store, subscription, 'cancellation_requested')
          : renew(store, subscription),
    };
  }
  return null;
}

/**
 * Runs everything that falls due up to `until`, earliest first across all
 * subscriptions, each at its own moment (events carry that time), then leaves
 * the store's now at `until`.
 */
export async function processDue(store: SandboxStore, until: number): Promise<number> {
  let processed = 0;
  for (; processed < 5000; processed++) {
    const { rows } = await store.client.query(
      `SELECT data, internal FROM ${store.tables.objects}
        WHERE type = 'subscription' AND data->>'status' IN ('incomplete', 'trialing', 'active', 'past_due')`,
    );
    let earliest: Action | null = null;
    for (const row of rows) {
      const action = nextAction(store, { data: row.data, internal: row.internal });
      if (action && (!earliest || action.at < earliest.at)) earliest = action;
    }
    if (!earliest || earliest.at > until) break;
    store.setNow(Math.max(store.now(), earliest.at));
    await earliest.run();
  }
  store.setNow(Math.max(store.now(), until));
  return processed;
}
