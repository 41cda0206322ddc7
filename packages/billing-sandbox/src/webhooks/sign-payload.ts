import { createHmac } from 'node:crypto';

/**
 * The provider's `Stripe-Signature` header: `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<payload>" keyed with the endpoint secret>`, as the
 * SDK's generateTestHeaderString makes it and constructEvent checks it.
 */
export function signaturesHeader(
  payload: string,
  secret: string,
  timestampSeconds = Math.floor(Date.now() / 1000),
): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}
