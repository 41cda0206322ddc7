import { newId } from '../ids';
import type { PriceObject } from './prices';

export type SubscriptionStatus =
  'trialing' | 'active' | 'incomplete' | 'incomplete_expired' | 'past_due' | 'unpaid' | 'canceled' | 'paused';
export type MissingPaymentMethodBehavior = 'cancel' | 'create_invoice' | 'pause';

export interface SubscriptionItemObject {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_end: number;
  current_period_start: number;
  discounts: string[];
  metadata: Record<string, string>;
  price: PriceObject;
  quantity: number;
  subscription: string;
  tax_rates: unknown[];
}

export interface SubscriptionObject {
  [key: string]: unknown;
  id: string;
  object: 'subscription';
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
  created: number;
  currency: string;
  customer: string;
  default_payment_method: string | null;
  description: string | null;
  ended_at: number | null;
  items: { object: 'list'; data: SubscriptionItemObject[]; has_more: boolean; total_count: number; url: string };
  latest_invoice: string | null;
  metadata: Record<string, string>;
  start_date: number;
  status: SubscriptionStatus;
  trial_end: number | null;
  trial_settings: { end_behavior: { missing_payment_method: MissingPaymentMethodBehavior } };
  trial_start: number | null;
}

/** What the sandbox tracks about a subscription without showing it. */
export interface SubscriptionInternal {
  [key: string]: unknown;
  /** Completed monthly cycles since the anchor: the current period ends at anchor + cycle + 1 months. */
  cycle?: number;
  trialWillEndSent?: boolean;
  /** The next payment fails whatever the card (a clock action). */
  failNextPayment?: boolean;
  /** Retries of the open invoice while past due. */
  failedAttempts?: number;
  nextRetryAt?: number | null;
  /** Proration amounts to add to the next renewal invoice. */
  pendingProrations?: ProrationLine[];
}

export interface ProrationLine {
  amount: number;
  description: string;
  price: string;
  start: number;
  end: number;
}

export function subscriptionObject(fields: {
  now: number;
  customer: string;
  price: PriceObject;
  periodStart: number;
  periodEnd: number;
  status: SubscriptionStatus;
  defaultPaymentMethod: string | null;
  metadata: Record<string, string>;
  trialStart: number | null;
  trialEnd: number | null;
  missingPaymentMethod: MissingPaymentMethodBehavior;
}): SubscriptionObject {
  const id = newId('sub');
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: fields.periodStart,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic', updated_at: fields.now },
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: fields.now,
    currency: fields.price.currency,
    customer: fields.customer,
    days_until_due: null,
    default_payment_method: fields.defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: {
      object: 'list',
      data: [
        {
          id: newId('si', 14),
          object: 'subscription_item',
          created: fields.now,
          current_period_end: fields.periodEnd,
          current_period_start: fields.periodStart,
          discounts: [],
          metadata: {},
          price: fields.price,
          quantity: 1,
          subscription: id,
          tax_rates: [],
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: fields.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: fields.now,
    status: fields.status,
    test_clock: null,
    transfer_data: null,
    trial_end: fields.trialEnd,
    trial_settings: { end_behavior: { missing_payment_method: fields.missingPaymentMethod } },
    trial_start: fields.trialStart,
  };
}

export const isEnded = (status: SubscriptionStatus) => status === 'canceled' || status === 'incomplete_expired';
