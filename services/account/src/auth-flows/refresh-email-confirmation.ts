import { AppError, type AuthContext } from '@tracemap/service-kit';
import type { AccountDeps } from '../deps';
import { upsertProfile } from '../profile/profile-repository';

export const EMAIL_MISMATCH = 'This email does not belong to your account.';
export const EMAIL_NOT_CONFIRMED = 'Your email address has not been confirmed yet.';

/**
 * Called after the one-time code was verified with auth: auth is the source
 * of truth, so the profile copies its confirmation state rather than
 * trusting the caller.
 */
export async function refreshEmailConfirmation(
  deps: AccountDeps,
  auth: AuthContext,
  email: string,
  requestId: string,
): Promise<{ email: string; emailConfirmed: true }> {
  const [user] = await deps.authApi.lookupUsers([auth.userId], requestId);
  if (!user) throw new AppError(404, 'user_not_found', 'User not found');
  if (user.email.toLowerCase() !== email.trim().toLowerCase())
    throw new AppError(400, 'email_mismatch', EMAIL_MISMATCH);
  await upsertProfile(deps.pool, { userId: user.id, email: user.email, emailConfirmed: user.emailConfirmed });
  deps.syncCache.invalidate(auth.userId);
  if (!user.emailConfirmed) throw new AppError(404, 'email_not_confirmed', EMAIL_NOT_CONFIRMED);
  return { email: user.email, emailConfirmed: true };
}
