import { createHmac, timingSafeEqual } from 'node:crypto';

/** Slack's tolerance for a signed request's age, either way. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

export interface SignedRequest {
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: string;
}

/** `v0=` + hex HMAC-SHA256 of `v0:{timestamp}:{raw body}` with the signing secret. */
export function slackSignature(signingSecret: string, timestamp: string, rawBody: string): string {
  return `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${rawBody}`, 'utf8').digest('hex')}`;
}

/**
 * Whether Slack signed this request: a timestamp within five minutes of now (no replays of
 * old requests) and the signature over the exact bytes received, compared in constant time.
 */
export function isSignedBySlack(signingSecret: string, request: SignedRequest, nowMs = Date.now()): boolean {
  const { timestamp, signature, rawBody } = request;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(slackSignature(signingSecret, timestamp, rawBody), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
