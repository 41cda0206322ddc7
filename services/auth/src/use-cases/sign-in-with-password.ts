import { authError, invalidCredentials } from '../lib/auth-error';
import type { AuthDeps, RequestMeta } from '../lib/deps';
import { normalizeEmail } from '../lib/email-address';
import { checkAuthLimits } from '../lib/limits';
import { startSession, type SessionJson } from '../lib/sessions';
import { findUserByEmail } from '../repositories/users-repository';

/**
 * Password sign-in. Unknown addresses cost one argon2 verification too and
 * get the same error as a wrong password (ASVS 5 6.3.8).
 */
export async function signInWithPassword(
  deps: AuthDeps,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<SessionJson> {
  const email = normalizeEmail(input.email);
  await checkAuthLimits(deps, 'signin', meta, email);
  const user = await findUserByEmail(deps.db, email);
  if (!user || !user.encrypted_password) {
    await deps.passwords.verifyDummy(input.password);
    throw invalidCredentials();
  }
  if (!(await deps.passwords.verify(user.encrypted_password, input.password))) throw invalidCredentials();
  if (!user.email_confirmed_at) throw authError(400, 'email_not_confirmed', 'Email not confirmed');
  if (user.banned_until && user.banned_until > new Date()) throw authError(400, 'user_banned', 'User is banned');
  return deps.transaction((db) => startSession(deps, db, user, 'password', meta));
}
