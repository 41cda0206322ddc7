import type { AuthDeps, RequestMeta } from '../lib/deps';
import { normalizeEmail } from '../lib/email-address';
import { emailOneTimeToken } from '../lib/email-tokens';
import { checkAuthLimits } from '../lib/limits';
import { createFlowState, readPkce, type PkceParams } from '../lib/pkce';
import { findUserByEmail } from '../repositories/users-repository';

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
      await emailOneTimeToken(deps, db, {
        user,
        type: 'signup',
        email,
        redirectTo,
        flowStateId,
        template: 'confirm-email',
        sentAt: 'confirmation_sent_at',
      });
      return true;
    }
    if (!user.email_change) return false;
    const flowStateId = await createFlowState(db, pkce, user.id, 'email_change');
    await emailOneTimeToken(deps, db, {
      user,
      type: 'email_change',
      email: user.email_change,
      redirectTo,
      flowStateId,
      template: 'confirm-email',
      sentAt: 'email_change_sent_at',
    });
    return true;
  });
  if (queued) deps.onEmailQueued();
  return {};
}
