import { newId } from '../ids';

export function checkoutSessionObject(fields: {
  now: number;
  publicUrl: string;
  customer: string | null;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  amount: number;
}) {
  const id = newId('cs_test', 58);
  return {
    id,
    object: 'checkout.session' as const,
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: fields.amount,
    amount_total: fields.amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: fields.cancelUrl,
    client_reference_id: fields.clientReferenceId,
    created: fields.now,
    currency: 'usd',
    customer: fields.customer,
    customer_creation: fields.customer ? null : 'always',
    customer_details: null as Record<string, unknown> | null,
    customer_email: fields.customerEmail,
    expires_at: fields.now + 24 * 60 * 60,
    invoice: null as string | null,
    livemode: false,
    locale: null,
    metadata: fields.metadata,
    mode: 'subscription',
    payment_intent: null,
    payment_method_collection: 'always',
    payment_method_types: ['card'],
    payment_status: 'unpaid' as 'unpaid' | 'paid' | 'no_payment_required',
    status: 'open' as 'open' | 'complete' | 'expired',
    subscription: null as string | null,
    success_url: fields.successUrl,
    ui_mode: 'hosted',
    url: `${fields.publicUrl.replace(/\/$/, '')}/api/subscription/sandbox/checkout/${id}` as string | null,
  };
}
export type CheckoutSessionObject = ReturnType<typeof checkoutSessionObject>;

export function portalSessionObject(fields: {
  now: number;
  publicUrl: string;
  customer: string;
  returnUrl: string | null;
}) {
  const id = newId('bps', 24);
  return {
    id,
    object: 'billing_portal.session' as const,
    configuration: 'bpc_sandbox',
    created: fields.now,
    customer: fields.customer,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: fields.returnUrl,
    url: `${fields.publicUrl.replace(/\/$/, '')}/api/subscription/sandbox/portal/${id}`,
  };
}
export type PortalSessionObject = ReturnType<typeof portalSessionObject>;
