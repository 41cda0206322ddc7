import type { AuthDeps, RequestMeta } from '../lib/deps';
import { normalizeEmail } from '../lib/email-address';
import { emailOneTimeToken } from '../lib/email-tokens';
import { checkAuthLimits } from '../lib/limits';
import { createFlowState, readPkce, type PkceParams } from '../lib/pkce';
import { findUserByEmail } from '../repositories/users-repository';

/**
 * Sends a password reset link. The answer is `{}` whether or not the address
 * has an account; the once-per-interval email limit applies to every
 * address, known or not, so it reveals nothing either.
 */
export async function recoverPassword(
  deps: AuthDeps,
  input: PkceParams & { email: string; redirectTo?: string },
  meta: RequestMeta,
): Promise<Record<string, never>> {
  const email = normalizeEmail(input.email);
  await checkAuthLimits(deps, 'recover', meta, email);
  const pkce = readPkce(input);
  const redirectTo = deps.redirects.resolve(input.redirectTo);
  await deps.limiter.checkEmailSend(email);
  const queued = await deps.transaction(async (db) => {
    const user = await findUserByEmail(db, email, true);
    if (!user) return false;
    const flowStateId = await createFlowState(db, pkce, user.id, 'recovery');
    await emailOneTimeToken(deps, db, {
      user,
      type: 'recovery',
      email,
      redirectTo,
      flowStateId,
      template: 'reset-password',
      sentAt: 'recovery_sent_at',
    });
    return true;
  });
  if (queued) deps.onEmailQueued();
  return {};
}
