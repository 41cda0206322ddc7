import type { SandboxStore, StoredObject } from '../store';
import type { CustomerObject } from '../objects/customers';
import {
  invoiceObject,
  type InvoiceBillingReason,
  type InvoiceLineInput,
  type InvoiceObject,
} from '../objects/invoices';
import type { PaymentMethodObject } from '../objects/payment-methods';
import type { SubscriptionInternal, SubscriptionObject } from '../objects/subscriptions';
import { missingResource, type StripeWireError } from '../stripe-error';
import { chargeFailure, chargeDeclined } from './test-cards';

export interface PaymentResult {
  invoice: InvoiceObject;
  paid: boolean;
  failure: StripeWireError | null;
}

export async function loadCustomer(store: SandboxStore, id: string): Promise<StoredObject<CustomerObject>> {
  const customer = await store.find<CustomerObject>(id, 'customer');
  if (!customer) throw missingResource('customer', id, 'customer');
  return customer;
}

/** The card a subscription's invoices are charged to: its own default, else the customer's. */
export async function paymentMethodFor(
  store: SandboxStore,
  subscription: SubscriptionObject,
): Promise<StoredObject<PaymentMethodObject> | null> {
  let id = subscription.default_payment_method;
  if (!id) {
    const customer = await loadCustomer(store, subscription.customer);
    id = customer.data.invoice_settings.default_payment_method;
  }
  return id ? store.find<PaymentMethodObject>(id, 'payment_method') : null;
}

/**
 * Creates and finalizes an invoice for the subscription, applying the
 * customer's balance, and (unless `attempt` is false) charges it. Nothing due
 * counts as paid. The subscription's latest_invoice is set; saving the
 * subscription and choosing its status is the caller's job.
 */
export async function billSubscription(
  store: SandboxStore,
  subscription: StoredObject<SubscriptionObject>,
  lines: InvoiceLineInput[],
  billingReason: InvoiceBillingReason,
  options: { attempt?: boolean; nextAttemptAt?: number | null; onSession?: boolean } = {},
): Promise<PaymentResult> {
  const customer = await loadCustomer(store, subscription.data.customer);
  const sequence = customer.data.next_invoice_sequence;
  const invoice = invoiceObject({
    now: store.now(),
    subscription: subscription.data,
    customer: { id: customer.data.id, email: customer.data.email, name: customer.data.name },
    lines,
    billingReason,
    startingBalance: customer.data.balance,
    number: `${customer.data.invoice_prefix}-${String(sequence).padStart(4, '0')}`,
  });
  customer.data.next_invoice_sequence = sequence + 1;
  customer.data.balance = invoice.ending_balance ?? 0;
  await store.save(customer.data);
  await store.insert(invoice);
  subscription.data.latest_invoice = invoice.id;
  await store.emit('invoice.created', invoice);
  await store.emit('invoice.finalized', invoice);
  if (invoice.amount_due === 0) return { invoice: await markPaid(store, invoice), paid: true, failure: null };
  if (options.attempt === false) return { invoice, paid: false, failure: null };
  return attemptPayment(store, invoice, subscription, options.nextAttemptAt ?? null, options.onSession === true);
}

async function markPaid(store: SandboxStore, invoice: InvoiceObject): Promise<InvoiceObject> {
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.next_payment_attempt = null;
  invoice.status_transitions.paid_at = store.now();
  await store.save(invoice);
  await store.emit('invoice.paid', invoice);
  await store.emit('invoice.payment_succeeded', invoice);
  return invoice;
}

/**
 * Charges an open invoice to the subscription's card. A "fail next payment"
 * mark on the subscription declines this one attempt whatever the card.
 */
export async function attemptPayment(
  store: SandboxStore,
  invoice: InvoiceObject,
  subscription: StoredObject<SubscriptionObject>,
  nextAttemptAt: number | null = null,
  onSession = false,
): Promise<PaymentResult> {
  const internal = subscription.internal as SubscriptionInternal;
  const method = await paymentMethodFor(store, subscription.data);
  let failure: StripeWireError | null;
  if (internal.failNextPayment) {
    internal.failNextPayment = false;
    failure = chargeDeclined();
  } else {
    failure = chargeFailure(method?.data.card ?? null, method?.internal ?? {}, store.now(), !onSession);
  }
  invoice.attempt_count += 1;
  invoice.attempted = true;
  if (!failure) return { invoice: await markPaid(store, invoice), paid: true, failure: null };
  invoice.next_payment_attempt = nextAttemptAt;
  await store.save(invoice);
  await store.emit('invoice.payment_failed', invoice);
  if (failure.code === 'authentication_required') await store.emit('invoice.payment_action_required', invoice);
  return { invoice, paid: false, failure };
}
