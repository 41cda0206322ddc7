import { newId } from '../ids';

export function customerObject(
  created: number,
  fields: { email?: string; name?: string; description?: string; metadata?: Record<string, string> },
) {
  const id = newId('cus', 14);
  return {
    id,
    object: 'customer' as const,
    address: null,
    balance: 0,
    created,
    currency: null as string | null,
    default_source: null,
    delinquent: false,
    description: fields.description ?? null,
    discount: null,
    email: fields.email ?? null,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null as string | null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: fields.metadata ?? {},
    name: fields.name ?? null,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}
export type CustomerObject = ReturnType<typeof customerObject>;
