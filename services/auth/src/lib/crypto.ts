import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 bits from the CSPRNG, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Digest of an emailed OTP, bound to the address and purpose it was sent for. */
export function otpDigest(email: string, code: string): string {
  return sha256(`${email}:${code}`);
}

export { safeEqual } from '@tracemap/service-kit';

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
