import { authError } from '../lib/auth-error';
import type { AuthDeps, RequestMeta } from '../lib/deps';
import { normalizeEmail } from '../lib/email-address';
import { emailOneTimeToken } from '../lib/email-tokens';
import { checkAuthLimits } from '../lib/limits';
import { createFlowState, readPkce, type PkceParams } from '../lib/pkce';
import { findUserByEmail, insertUser } from '../repositories/users-repository';

/**
 * `signInWithOtp` for email: a magic link and 6-digit code to an existing
 * account, or (with `create_user`) a confirmation to a new password-less one.
 * `{}` in every case so the answer says nothing about the address.
 */
export async function sendOtp(
  deps: AuthDeps,
  input: PkceParams & { email: string; createUser: boolean; data?: Record<string, unknown>; redirectTo?: string },
  meta: RequestMeta,
): Promise<Record<string, never>> {
  if (!deps.config.AUTH_EMAIL_OTP_ENABLED) throw authError(422, 'otp_disabled', 'Email logins are disabled');
  const email = normalizeEmail(input.email);
  await checkAuthLimits(deps, 'otp', meta, email);
  const pkce = readPkce(input);
  const redirectTo = deps.redirects.resolve(input.redirectTo);
  await deps.limiter.checkEmailSend(email);
  const canCreate = input.createUser && !deps.config.AUTH_DISABLE_SIGNUP;
  const queued = await deps.transaction(async (db) => {
    let user = await findUserByEmail(db, email, true);
    if (!user && !canCreate) return false;
    if (!user)
      user = await insertUser(db, {
        email,
        encryptedPassword: null,
        emailConfirmed: false,
        userMetadata: input.data ?? {},
      });
    const type = user.email_confirmed_at ? 'magiclink' : 'signup';
    const flowStateId = await createFlowState(db, pkce, user.id, type === 'signup' ? 'otp' : 'magiclink');
    await emailOneTimeToken(deps, db, {
      user,
      type,
      email,
      redirectTo,
      flowStateId,
      template: 'confirm-email',
      sentAt: 'confirmation_sent_at',
    });
    return true;
  });
  if (queued) deps.onEmailQueued();
  return {};
}
