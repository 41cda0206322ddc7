import type { AuthDeps, RequestMeta } from '../lib/deps';
import { normalizeEmail } from '../lib/email-address';
import { issueEmailToken, queueEmail } from '../lib/email-tokens';
import { checkAuthLimits } from '../lib/limits';
import { createFlowState, readPkce, type PkceParams } from '../lib/pkce';
import { findUserByEmail, updateUser } from '../repositories/users-repository';

/**
 * Sends the signup confirmation (or the email-change confirmation) again.
 * `{}` in every case: unknown, already confirmed, or nothing pending.
 */
export async function resendEmail(
  deps: AuthDeps,
  input: PkceParams & { email: string; type: 'signup' | 'email_change'; redirectTo?: string },
  meta: RequestMeta,
): Promise<Record<string, never>> {
  const email = normalizeEmail(input.email);
  await checkAuthLimits(deps, 'resend', meta, email);
  const pkce = readPkce(input);
  const redirectTo = deps.redirects.resolve(input.redirectTo);
  await deps.limiter.checkEmailSend(email);
  const queued = await deps.transaction(async (db) => {
    const user = await findUserByEmail(db, email, true);
    if (!user) return false;
    if (input.type === 'signup') {
      if (user.email_confirmed_at) return false;
      const flowStateId = await createFlowState(db, pkce, user.id, 'otp');
      const token = await issueEmailToken(deps, db, { user, type: 'signup', email, redirectTo, flowStateId });
      const updated = await updateUser(db, user.id, { confirmation_sent_at: 'now' });
      await queueEmail(db, 'confirm-email', updated, email, { link: token.link, otp: token.otp });
      return true;
    }
    if (!user.email_change) return false;
    const flowStateId = await createFlowState(db, pkce, user.id, 'email_change');
    const token = await issueEmailToken(deps, db, { user, type: 'email_change', email: user.email_change, redirectTo, flowStateId });
    const updated = await updateUser(db, user.id, { email_change_sent_at: 'now' });
    await queueEmail(db, 'confirm-email', updated, user.email_change, { link: token.link, otp: token.otp });
    return true;
  });
  if (queued) deps.onEmailQueued();
  return {};
}
