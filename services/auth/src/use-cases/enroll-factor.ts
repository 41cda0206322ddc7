import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { authError, insufficientAal, userNotFound } from '../lib/auth-error';
import type { AuthDeps } from '../lib/deps';
import { deleteStaleUnverifiedFactors, insertFactor, listFactors } from '../repositories/factors-repository';
import { findUserById } from '../repositories/users-repository';
import type { Caller } from './update-user';

export function totpFor(secret: string, label: string, issuer: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** `mfa.enroll({ factorType: 'totp' })`: a new unverified factor with its secret, URI and QR code (SVG). */
export async function enrollFactor(deps: AuthDeps, caller: Caller, input: { friendlyName?: string; issuer?: string }) {
  const user = await findUserById(deps.db, caller.userId);
  if (!user) throw userNotFound();
  const factors = await listFactors(deps.db, caller.userId);
  // Adding a factor to an account protected by one is itself a protected action.
  if (factors.some((f) => f.status === 'verified') && caller.aal !== 'aal2') throw insufficientAal();
  const friendlyName = input.friendlyName?.trim() || null;
  if (friendlyName && factors.some((f) => f.friendly_name === friendlyName)) {
    throw authError(
      422,
      'mfa_factor_name_conflict',
      `A factor with the friendly name "${friendlyName}" for this user already exists`,
    );
  }
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const issuer = input.issuer?.trim() || new URL(deps.config.PUBLIC_URL).hostname;
  const uri = totpFor(secret, user.email, issuer).toString();
  const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  const factor = await deps.transaction(async (db) => {
    await deleteStaleUnverifiedFactors(db, caller.userId, deps.config.AUTH_MFA_CHALLENGE_EXPIRY_SECONDS);
    return insertFactor(db, { userId: caller.userId, friendlyName, secret });
  });
  return {
    id: factor.id,
    type: 'totp' as const,
    friendly_name: factor.friendly_name ?? '',
    totp: { qr_code: qrCode, secret, uri },
  };
}
