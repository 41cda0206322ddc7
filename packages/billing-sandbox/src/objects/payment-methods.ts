import { createHash } from 'node:crypto';
import { newId } from '../ids';

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  name: string;
}

function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6/.test(number)) return 'discover';
  return 'unknown';
}

/** The card as the provider shows it: brand, last four digits and expiry, never the number. */
export function paymentMethodObject(created: number, customer: string, card: CardDetails) {
  const brand = brandOf(card.number);
  return {
    id: newId('pm'),
    object: 'payment_method' as const,
    allow_redisplay: 'unspecified',
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: null,
      name: card.name || null,
      phone: null,
      tax_id: null,
    },
    card: {
      brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: brand,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      fingerprint: createHash('sha256').update(card.number).digest('base64url').slice(0, 16),
      funding: 'credit',
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created,
    customer: customer as string | null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}
export type PaymentMethodObject = ReturnType<typeof paymentMethodObject>;
