import type Stripe from 'stripe';

/** The subscription as this service keeps it: what a webhook or a call learnt from the provider. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** The provider's own status (see domain/map-status). */
  status: string;
  priceId: string | null;
  itemId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  companyId: string | null;
  /** Creation time (seconds): the newest of equally good subscriptions wins. */
  created: number;
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
}

export interface InvoiceSummary {
  id: string;
  number: string | null;
  status: string | null;
  amountDue: number;
  amountPaid: number;
  currency: string;
  created: Date;
  periodStart: Date | null;
  periodEnd: Date | null;
  hostedInvoiceUrl: string | null;
}

export interface InvoicePreview {
  amountDue: number;
  currency: string;
  lines: Array<{ description: string; amount: number }>;
  nextInvoiceDate: Date | null;
}

/**
 * Everything billing asks of the payment provider. Every call that changes something takes
 * an idempotency key derived from the business operation, so a retried request (ours or the
 * browser's) never does it twice.
 */
export interface BillingProvider {
  readonly kind: 'stripe' | 'sandbox';
  createCustomer(input: { companyId: string; name?: string }, idempotencyKey: string): Promise<string>;
  createCheckout(
    input: { companyId: string; customerId: string; priceId: string; successUrl: string; cancelUrl: string },
    idempotencyKey: string,
  ): Promise<{ url: string }>;
  startTrial(
    input: { companyId: string; customerId: string; priceId: string; trialEnd: Date },
    idempotencyKey: string,
  ): Promise<ProviderSubscription>;
  /** null when the provider does not know it. */
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  listSubscriptions(customerId: string): Promise<ProviderSubscription[]>;
  /** The customer's default card (what pays when a subscription names none of its own). */
  customerCard(customerId: string): Promise<ProviderSubscription['card']>;
  changePrice(
    subscription: ProviderSubscription,
    priceId: string,
    idempotencyKey: string,
  ): Promise<ProviderSubscription>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, idempotencyKey: string): Promise<ProviderSubscription>;
  cancelNow(subscriptionId: string, idempotencyKey: string): Promise<void>;
  /** With a price: the change to it (or a new subscription on it); without: the subscription's next invoice. */
  preview(
    input: {
      customerId: string;
      subscription: Pick<ProviderSubscription, 'id' | 'itemId'> | null;
      priceId: string | null;
    },
    idempotencyKey: string,
  ): Promise<InvoicePreview>;
  portal(input: { customerId: string; returnUrl: string }, idempotencyKey: string): Promise<{ url: string }>;
  listInvoices(customerId: string): Promise<InvoiceSummary[]>;
  /** Checks the signature on the raw body; throws when tampered or older than the tolerance. */
  verifyEvent(rawBody: Buffer, signature: string): Stripe.Event;
}
