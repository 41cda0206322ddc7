import { emailExists } from '../lib/auth-error';
import type { AuthDeps } from '../lib/deps';
import { normalizeEmail } from '../lib/email-address';
import { issueEmailToken, queueEmail } from '../lib/email-tokens';
import { userJson, type UserJson } from '../lib/user-json';
import { findUserByEmail, insertUser, updateUser } from '../repositories/users-repository';

/**
 * `admin.inviteUserByEmail`: creates a password-less user (or re-invites one
 * that never accepted) and queues the invitation; following its link signs
 * the user in, after which they may set a password without a current one.
 */
export async function inviteUser(
  deps: AuthDeps,
  input: { email: string; data?: Record<string, unknown>; redirectTo?: string },
): Promise<UserJson> {
  const email = normalizeEmail(input.email);
  const redirectTo = deps.redirects.resolve(input.redirectTo);
  const user = await deps.transaction(async (db) => {
    const existing = await findUserByEmail(db, email, true);
    if (existing?.email_confirmed_at) throw emailExists();
    let user = existing
      ? await updateUser(db, existing.id, {
          raw_user_meta_data: { ...existing.raw_user_meta_data, ...(input.data ?? {}) },
        })
      : await insertUser(db, {
          email,
          encryptedPassword: null,
          emailConfirmed: false,
          invited: true,
          userMetadata: input.data,
        });
    const token = await issueEmailToken(deps, db, { user, type: 'invite', email, redirectTo, flowStateId: null });
    user = await updateUser(db, user.id, { invited_at: 'now' });
    await queueEmail(db, 'invitation', user, email, { link: token.link, otp: token.otp });
    return user;
  });
  deps.onEmailQueued();
  return userJson(user);
}
