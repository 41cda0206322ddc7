import type { AuthDeps, RequestMeta } from '../lib/deps';
import { normalizeEmail } from '../lib/email-address';
import { issueEmailToken, queueEmail } from '../lib/email-tokens';
import { checkAuthLimits } from '../lib/limits';
import { createFlowState, readPkce, type PkceParams } from '../lib/pkce';
import { findUserByEmail, updateUser } from '../repositories/users-repository';

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
    const token = await issueEmailToken(deps, db, { user, type: 'recovery', email, redirectTo, flowStateId });
    const updated = await updateUser(db, user.id, { recovery_sent_at: 'now' });
    await queueEmail(db, 'reset-password', updated, email, { link: token.link, otp: token.otp });
    return true;
  });
  if (queued) deps.onEmailQueued();
  return {};
}
