import type { SandboxStore } from '../store';
import { addMonths } from '../objects/periods';
import type { PriceObject } from '../objects/prices';
import {
  subscriptionObject,
  type MissingPaymentMethodBehavior,
  type SubscriptionObject,
} from '../objects/subscriptions';
import { billSubscription, type PaymentResult } from './invoicing';
import { recurringLine, type StoredSubscription } from './lifecycle';

export type PaymentBehavior = 'allow_incomplete' | 'default_incomplete' | 'error_if_incomplete';

export interface StartSubscription {
  customer: string;
  price: PriceObject;
  defaultPaymentMethod: string | null;
  metadata: Record<string, string>;
  trialEnd: number | null;
  missingPaymentMethod: MissingPaymentMethodBehavior;
  paymentBehavior: PaymentBehavior;
  /** The payer is present (a hosted page), so a card asking for authentication gets it. */
  onSession?: boolean;
}

/**
 * Creates a subscription and its first invoice. A trial starts at once with
 * nothing to pay; otherwise the first month is charged now. With
 * `error_if_incomplete` a failed charge is thrown (the caller's transaction
 * then changes nothing); otherwise the subscription stays `incomplete`.
 */
export async function startSubscription(
  store: SandboxStore,
  input: StartSubscription,
): Promise<{ subscription: SubscriptionObject; payment: PaymentResult }> {
  const now = store.now();
  const trialing = input.trialEnd !== null && input.trialEnd > now;
  const periodEnd = trialing ? (input.trialEnd as number) : addMonths(now, 1);
  const data = subscriptionObject({
    now,
    customer: input.customer,
    price: input.price,
    periodStart: now,
    periodEnd,
    status: trialing ? 'trialing' : 'incomplete',
    defaultPaymentMethod: input.defaultPaymentMethod,
    metadata: input.metadata,
    trialStart: trialing ? now : null,
    trialEnd: trialing ? input.trialEnd : null,
    missingPaymentMethod: input.missingPaymentMethod,
  });
  if (trialing) data.billing_cycle_anchor = periodEnd;
  const subscription: StoredSubscription = { data, internal: { cycle: 0 } };
  await store.insert(data, subscription.internal);
  const line = trialing
    ? { ...recurringLine(data, now, periodEnd), amount: 0, description: `Trial period for ${input.price.nickname}` }
    : recurringLine(data, now, periodEnd);
  const payment = await billSubscription(store, subscription, [line], 'subscription_create', {
    attempt: input.paymentBehavior !== 'default_incomplete',
    onSession: input.onSession,
  });
  if (payment.failure && input.paymentBehavior === 'error_if_incomplete') throw payment.failure;
  if (!trialing && payment.paid) data.status = 'active';
  await store.save(data, subscription.internal);
  await store.emit('customer.subscription.created', data);
  return { subscription: data, payment };
}
