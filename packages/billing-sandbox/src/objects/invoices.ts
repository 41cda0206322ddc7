import { newId } from '../ids';
import type { SubscriptionObject } from './subscriptions';

export interface InvoiceLineInput {
  amount: number;
  description: string;
  price: string;
  product: string;
  start: number;
  end: number;
  proration: boolean;
}

export type InvoiceBillingReason = 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'upcoming';

export function invoiceLine(invoiceId: string | null, subscription: SubscriptionObject, line: InvoiceLineInput) {
  return {
    id: newId('il'),
    object: 'line_item' as const,
    amount: line.amount,
    currency: subscription.currency,
    description: line.description,
    discount_amounts: [],
    discountable: !line.proration,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: line.proration,
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: subscription.items.data[0].id,
      },
      type: 'subscription_item_details',
    },
    period: { end: line.end, start: line.start },
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: line.price, product: line.product },
      type: 'price_details',
      unit_amount_decimal: null,
    },
    quantity: 1,
    subtotal: line.amount,
    taxes: [],
  };
}

/**
 * An invoice of a subscription. `startingBalance` is the customer's credit
 * (negative) or debt (positive) applied before the amount is due.
 */
export function invoiceObject(fields: {
  now: number;
  subscription: SubscriptionObject;
  customer: { id: string; email: string | null; name: string | null };
  lines: InvoiceLineInput[];
  billingReason: InvoiceBillingReason;
  startingBalance: number;
  number: string | null;
  preview?: boolean;
}) {
  const id = fields.preview ? `upcoming_in_${newId('x', 14).slice(2)}` : newId('in');
  const lines = fields.lines.map((line) => invoiceLine(fields.preview ? null : id, fields.subscription, line));
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const withBalance = total + fields.startingBalance;
  const amountDue = Math.max(0, withBalance);
  return {
    id,
    object: 'invoice' as const,
    account_country: 'US',
    account_name: 'Tracemap sandbox',
    amount_due: amountDue,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amountDue,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: !fields.preview,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: fields.billingReason,
    collection_method: 'charge_automatically',
    created: fields.now,
    currency: fields.subscription.currency,
    custom_fields: null,
    customer: fields.customer.id,
    customer_email: fields.customer.email,
    customer_name: fields.customer.name,
    default_payment_method: null,
    description: null,
    discounts: [],
    due_date: null,
    effective_at: fields.preview ? null : fields.now,
    ending_balance: fields.preview ? null : Math.min(0, withBalance),
    footer: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    last_finalization_error: null,
    lines: { object: 'list', data: lines, has_more: false, total_count: lines.length, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null as number | null,
    number: fields.number,
    parent: {
      quote_details: null,
      subscription_details: { metadata: fields.subscription.metadata, subscription: fields.subscription.id },
      type: 'subscription_details',
    },
    period_end: lines[0]?.period.start ?? fields.now,
    period_start: lines[0]?.period.start ?? fields.now,
    starting_balance: fields.startingBalance,
    status: (fields.preview ? 'draft' : 'open') as 'draft' | 'open' | 'paid' | 'uncollectible' | 'void',
    status_transitions: {
      finalized_at: fields.preview ? null : fields.now,
      marked_uncollectible_at: null,
      paid_at: null as number | null,
      voided_at: null,
    },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}
export type InvoiceObject = ReturnType<typeof invoiceObject>;
