import { AuthError, authError, emailExists, insufficientAal } from '../lib/auth-error';
import type { AuthDeps, RequestMeta } from '../lib/deps';
import { normalizeEmail } from '../lib/email-address';
import { issueEmailToken, queueEmail } from '../lib/email-tokens';
import { checkAuthLimits } from '../lib/limits';
import { assertStrongPassword } from '../lib/passwords';
import { createFlowState, readPkce, type PkceParams } from '../lib/pkce';
import { userJson, type UserJson } from '../lib/user-json';
import { listFactors } from '../repositories/factors-repository';
import { deleteUserSessions, findSession } from '../repositories/sessions-repository';
import { findUserByEmail, findUserById, updateUser, type UserRow } from '../repositories/users-repository';

export interface UpdateUserInput extends PkceParams {
  email?: string;
  password?: string;
  currentPassword?: string;
  data?: Record<string, unknown>;
  redirectTo?: string;
}

export interface Caller {
  userId: string;
  sessionId: string;
  aal: 'aal1' | 'aal2';
}

/** Merges metadata the way GoTrue does: top-level keys replace, `null` removes. */
function mergeMetadata(current: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * `PUT /user`. A new password needs the current one, unless the session
 * was started from a recovery or invite link moments ago or the account has
 * no password yet; it ends every other session and tells the owner by email.
 * With a verified MFA factor, email and password changes need an aal2 session.
 */
export async function updateCurrentUser(
  deps: AuthDeps,
  caller: Caller,
  input: UpdateUserInput,
  meta: RequestMeta,
): Promise<UserJson> {
  const current = await findUserById(deps.db, caller.userId);
  if (!current) throw authError(404, 'user_not_found', 'User not found');
  const wantsCredentialChange = input.password !== undefined || input.email !== undefined;
  if (wantsCredentialChange && caller.aal !== 'aal2') {
    const factors = await listFactors(deps.db, caller.userId);
    if (factors.some((f) => f.status === 'verified')) throw insufficientAal();
  }

  let newHash: string | null = null;
  if (input.password !== undefined) {
    assertStrongPassword(input.password, deps.config.AUTH_PASSWORD_MIN_LENGTH, current.email);
    if (current.encrypted_password) {
      // The current password is checked first: otherwise `same_password` would
      // let a stolen access token test password guesses.
      if (!(await recentlyRecovered(deps, caller.sessionId))) {
        if (!input.currentPassword) {
          throw authError(400, 'current_password_required', 'Current password required when setting new password.');
        }
        // Guessing the current password here is rate limited like a sign-in.
        await checkAuthLimits(deps, 'signin', meta, current.email);
        if (!(await deps.passwords.verify(current.encrypted_password, input.currentPassword))) {
          throw authError(400, 'current_password_mismatch', 'Current password is incorrect.');
        }
      }
      if (await deps.passwords.verify(current.encrypted_password, input.password)) {
        throw authError(422, 'same_password', 'New password should be different from the old password.');
      }
    }
    newHash = await deps.passwords.hash(input.password);
  }

  let newEmail: string | null = null;
  const pkce = readPkce(input);
  if (input.email !== undefined) {
    const email = normalizeEmail(input.email);
    if (email !== current.email) {
      newEmail = email;
      await deps.limiter.checkEmailSend(email);
    }
  }
  const redirectTo = deps.redirects.resolve(input.redirectTo);

  const outcome = await deps.transaction(async (db): Promise<UserRow | AuthError> => {
    let user = (await findUserById(db, caller.userId, true))!;
    if (input.data)
      user = await updateUser(db, user.id, { raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, input.data) });
    if (newHash) {
      user = await updateUser(db, user.id, { encrypted_password: newHash });
      await deleteUserSessions(db, user.id, { except: caller.sessionId });
      await queueEmail(db, 'password-changed', user, user.email);
    }
    if (newEmail) {
      const taken = await findUserByEmail(db, newEmail);
      if (taken) return emailExists();
      const flowStateId = await createFlowState(db, pkce, user.id, 'email_change');
      const token = await issueEmailToken(deps, db, {
        user,
        type: 'email_change',
        email: newEmail,
        redirectTo,
        flowStateId,
      });
      user = await updateUser(db, user.id, { email_change: newEmail, email_change_sent_at: 'now' });
      await queueEmail(db, 'confirm-email', user, newEmail, { link: token.link, otp: token.otp });
    }
    return user;
  });
  if (outcome instanceof AuthError) throw outcome;
  if (newHash || newEmail) deps.onEmailQueued();
  return userJson(outcome, await listFactors(deps.db, caller.userId));
}

async function recentlyRecovered(deps: AuthDeps, sessionId: string): Promise<boolean> {
  const session = await findSession(deps.db, sessionId);
  if (!session) return false;
  const since = Math.floor(Date.now() / 1000) - deps.config.AUTH_RECOVERY_FRESH_SECONDS;
  return session.amr.some(
    (entry) => (entry.method === 'recovery' || entry.method === 'invite') && entry.timestamp >= since,
  );
}
