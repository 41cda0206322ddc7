import Stripe from 'stripe';
import type { BillingProvider, InvoicePreview, InvoiceSummary, ProviderSubscription } from './billing-provider';

/** The API version this code was written against; the provider answers in this shape whatever the account's default. */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;
/** Webhooks older than this (seconds) are refused: a captured delivery cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeConnection {
  secretKey: string;
  webhookSecret: string;
  /** `http://host:port` of a Stripe-compatible server (the sandbox, a test's server); api.stripe.com when absent. */
  apiBase?: string;
  /** Replaces the SDK's transport (the sandbox inside this process). */
  httpClient?: Stripe.HttpClient;
}

const date = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

export function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items?.data?.[0];
  const pm = subscription.default_payment_method;
  const card = pm && typeof pm === 'object' && pm.card ? pm.card : null;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer as string | { id: string }) ?? '',
    status: subscription.status,
    priceId: item?.price?.id ?? null,
    itemId: item?.id ?? null,
    // Since API 2025-03-31 the period lives on the items.
    currentPeriodEnd: date(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
    trialEnd: date(subscription.trial_end),
    companyId: subscription.metadata?.companyId ?? null,
    created: subscription.created ?? 0,
    card: card ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year } : null,
  };
}

function toInvoice(invoice: Stripe.Invoice): InvoiceSummary {
  return {
    id: invoice.id ?? '',
    number: invoice.number ?? null,
    status: invoice.status ?? null,
    amountDue: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    currency: invoice.currency,
    created: new Date(invoice.created * 1000),
    periodStart: date(invoice.period_start),
    periodEnd: date(invoice.period_end),
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
  };
}

/** Stripe through its own SDK; the sandbox is the same class pointed at the local emulator. */
export class StripeProvider implements BillingProvider {
  readonly stripe: Stripe;

  constructor(
    private readonly connection: StripeConnection,
    readonly kind: 'stripe' | 'sandbox' = 'stripe',
  ) {
    const base = connection.apiBase ? new URL(connection.apiBase) : null;
    this.stripe = new Stripe(connection.secretKey, {
      apiVersion: STRIPE_API_VERSION,
      telemetry: false,
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
            protocol: base.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
      ...(connection.httpClient ? { httpClient: connection.httpClient } : {}),
    });
  }

  async createCustomer(input: { companyId: string; name?: string }, idempotencyKey: string): Promise<string> {
    const customer = await this.stripe.customers.create(
      { metadata: { companyId: input.companyId }, ...(input.name ? { name: input.name } : {}) },
      { idempotencyKey },
    );
    return customer.id;
  }

  async createCheckout(
    input: { companyId: string; customerId: string; priceId: string; successUrl: string; cancelUrl: string },
    idempotencyKey: string,
  ): Promise<{ url: string }> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: input.companyId,
        line_items: [{ price: input.priceId, quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: { companyId: input.companyId },
        subscription_data: { metadata: { companyId: input.companyId } },
      },
      { idempotencyKey },
    );
    if (!session.url) throw new Error('checkout session without a url');
    return { url: session.url };
  }

  async startTrial(
    input: { companyId: string; customerId: string; priceId: string; trialEnd: Date },
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    const subscription = await this.stripe.subscriptions.create(
      {
        customer: input.customerId,
        items: [{ price: input.priceId }],
        trial_end: Math.floor(input.trialEnd.getTime() / 1000),
        // No card is asked for a trial; without one by its end the subscription ends.
        trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { companyId: input.companyId },
        expand: ['default_payment_method'],
      },
      { idempotencyKey },
    );
    return toProviderSubscription(subscription);
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    try {
      return toProviderSubscription(
        await this.stripe.subscriptions.retrieve(id, { expand: ['default_payment_method'] }),
      );
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw error;
    }
  }

  async listSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
    const list = await this.stripe.subscriptions.list({
      customer: customerId,
      status: 'all',
      limit: 20,
      expand: ['data.default_payment_method'],
    });
    return list.data.map(toProviderSubscription);
  }

  async customerCard(customerId: string): Promise<ProviderSubscription['card']> {
    const customer = await this.stripe.customers.retrieve(customerId, {
      expand: ['invoice_settings.default_payment_method'],
    });
    if (customer.deleted) return null;
    const pm = customer.invoice_settings?.default_payment_method;
    const card = pm && typeof pm === 'object' ? pm.card : null;
    return card ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year } : null;
  }

  async changePrice(
    subscription: ProviderSubscription,
    priceId: string,
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    const updated = await this.stripe.subscriptions.update(
      subscription.id,
      {
        items: [{ id: subscription.itemId ?? undefined, price: priceId }],
        proration_behavior: 'create_prorations',
        // Choosing a plan is a wish to continue: it also undoes a pending cancellation.
        cancel_at_period_end: false,
        expand: ['default_payment_method'],
      },
      { idempotencyKey },
    );
    return toProviderSubscription(updated);
  }

  async setCancelAtPeriodEnd(
    subscriptionId: string,
    cancel: boolean,
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    const updated = await this.stripe.subscriptions.update(
      subscriptionId,
      { cancel_at_period_end: cancel, expand: ['default_payment_method'] },
      { idempotencyKey },
    );
    return toProviderSubscription(updated);
  }

  async cancelNow(subscriptionId: string, idempotencyKey: string): Promise<void> {
    await this.stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey });
  }

  async preview(
    input: {
      customerId: string;
      subscription: Pick<ProviderSubscription, 'id' | 'itemId'> | null;
      priceId: string | null;
    },
    idempotencyKey: string,
  ): Promise<InvoicePreview> {
    const sub = input.subscription;
    const params: Stripe.InvoiceCreatePreviewParams = { customer: input.customerId };
    if (sub) params.subscription = sub.id;
    if (input.priceId) {
      params.subscription_details = {
        items: [sub?.itemId ? { id: sub.itemId, price: input.priceId } : { price: input.priceId }],
        ...(sub ? { proration_behavior: 'create_prorations' as const } : {}),
      };
    }
    const invoice = await this.stripe.invoices.createPreview(params, { idempotencyKey });
    return {
      amountDue: invoice.amount_due,
      currency: invoice.currency,
      lines: (invoice.lines?.data ?? []).map((line) => ({ description: line.description ?? '', amount: line.amount })),
      nextInvoiceDate: date(invoice.next_payment_attempt ?? invoice.period_end),
    };
  }

  async portal(input: { customerId: string; returnUrl: string }, idempotencyKey: string): Promise<{ url: string }> {
    const session = await this.stripe.billingPortal.sessions.create(
      { customer: input.customerId, return_url: input.returnUrl },
      { idempotencyKey },
    );
    return { url: session.url };
  }

  async listInvoices(customerId: string): Promise<InvoiceSummary[]> {
    const list = await this.stripe.invoices.list({ customer: customerId, limit: 24 });
    return list.data.map(toInvoice);
  }

  verifyEvent(rawBody: Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(
      rawBody,
      signature,
      this.connection.webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
    );
  }
}
