import { StripeWireError } from '../stripe-error';
import type { CardDetails } from '../objects/payment-methods';

/**
 * The provider's documented test cards. `declinesOnAttach` cards are refused
 * when they are entered; `chargesFail` cards are saved but every later charge
 * is declined (so a renewal can be made to fail).
 */
const BEHAVIOUR: Record<
  string,
  { declinesOnAttach?: StripeWireError; chargesFail?: boolean; needsAuthentication?: boolean }
> = {
  '4000000000009995': {
    declinesOnAttach: cardError('card_declined', 'Your card has insufficient funds.', 'insufficient_funds'),
  },
  '4000000000000002': { declinesOnAttach: cardError('card_declined', 'Your card was declined.', 'generic_decline') },
  '4000000000000069': { declinesOnAttach: cardError('expired_card', 'Your card has expired.', 'expired_card') },
  '4000000000000127': {
    declinesOnAttach: cardError('incorrect_cvc', "Your card's security code is incorrect.", 'incorrect_cvc'),
  },
  '4000000000000341': { chargesFail: true },
  // Authenticated on the hosted page; charges made later without the payer ask for authentication again.
  '4000002760003184': { needsAuthentication: true },
};

export function cardError(code: string, message: string, declineCode?: string, param?: string): StripeWireError {
  return new StripeWireError(402, 'card_error', message, code, param, declineCode);
}

export const chargeDeclined = () => cardError('card_declined', 'Your card was declined.', 'generic_decline');

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface CardForm {
  number?: string;
  expiry?: string;
  cvc?: string;
  name?: string;
}

/**
 * Checks a card typed into a hosted page the way the provider does, with its
 * messages; returns the card and whether its later charges fail.
 */
export function readCard(
  form: CardForm,
  nowSeconds: number,
): { card: CardDetails; chargesFail: boolean; needsAuthentication: boolean } {
  const number = (form.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhn(number))
    throw cardError('incorrect_number', 'Your card number is incorrect.', undefined, 'number');
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry ?? '');
  const month = expiry ? Number(expiry[1]) : NaN;
  let year = expiry ? Number(expiry[2]) : NaN;
  if (year < 100) year += 2000;
  const now = new Date(nowSeconds * 1000);
  const past = year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
  if (!expiry || month < 1 || month > 12 || past || year > now.getUTCFullYear() + 50) {
    throw cardError('expired_card', "Your card's expiration date is invalid.", 'expired_card', 'exp_month');
  }
  if (!/^\d{3,4}$/.test((form.cvc ?? '').trim()))
    throw cardError('invalid_cvc', "Your card's security code is invalid.", undefined, 'cvc');
  const behaviour = BEHAVIOUR[number] ?? {};
  if (behaviour.declinesOnAttach) throw behaviour.declinesOnAttach;
  return {
    card: { number, expMonth: month, expYear: year, name: (form.name ?? '').trim().slice(0, 200) },
    chargesFail: behaviour.chargesFail === true,
    needsAuthentication: behaviour.needsAuthentication === true,
  };
}

/** Whether a saved card can be charged at `nowSeconds`. */
export function chargeFailure(
  card: { exp_month: number; exp_year: number } | null,
  behaviour: { chargesFail?: unknown; needsAuthentication?: unknown },
  nowSeconds: number,
  offSession: boolean,
): StripeWireError | null {
  if (!card)
    return new StripeWireError(
      400,
      'invalid_request_error',
      'This customer has no attached payment source or default payment method.',
      'resource_missing',
    );
  if (behaviour.chargesFail === true) return chargeDeclined();
  if (behaviour.needsAuthentication === true && offSession) {
    return cardError(
      'authentication_required',
      'Your card was declined. This transaction requires authentication.',
      'authentication_required',
    );
  }
  const now = new Date(nowSeconds * 1000);
  if (
    card.exp_year < now.getUTCFullYear() ||
    (card.exp_year === now.getUTCFullYear() && card.exp_month < now.getUTCMonth() + 1)
  ) {
    return cardError('expired_card', 'Your card has expired.', 'expired_card');
  }
  return null;
}
