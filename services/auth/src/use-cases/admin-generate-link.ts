import { authError, emailExists, userNotFound, validationFailed } from '../lib/auth-error';
import type { AuthDeps } from '../lib/deps';
import { normalizeEmail } from '../lib/email-address';
import { issueEmailToken } from '../lib/email-tokens';
import { assertStrongPassword } from '../lib/passwords';
import { userJson } from '../lib/user-json';
import type { OneTimeTokenType } from '../repositories/one-time-tokens-repository';
import { findUserByEmail, insertUser, updateUser } from '../repositories/users-repository';

export type LinkType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change_current' | 'email_change_new';

/**
 * `admin.generateLink`: makes the same token an email would carry, without
 * sending anything (for custom emails, and for tests).
 */
export async function adminGenerateLink(
  deps: AuthDeps,
  input: {
    type: LinkType;
    email: string;
    password?: string;
    data?: Record<string, unknown>;
    newEmail?: string;
    redirectTo?: string;
  },
) {
  const email = normalizeEmail(input.email);
  const redirectTo = deps.redirects.resolve(input.redirectTo);
  if (input.type === 'signup') {
    if (!input.password) throw validationFailed('password required');
    assertStrongPassword(input.password, deps.config.AUTH_PASSWORD_MIN_LENGTH, email);
  }
  const hashed = input.type === 'signup' ? await deps.passwords.hash(input.password!) : null;
  const newEmail = input.newEmail ? normalizeEmail(input.newEmail) : null;
  if (input.type.startsWith('email_change') && !newEmail) throw validationFailed('new_email required');

  return deps.transaction(async (db) => {
    let user = await findUserByEmail(db, email, true);
    let tokenType: OneTimeTokenType;
    let recipient = email;
    switch (input.type) {
      case 'signup':
        if (user?.email_confirmed_at) throw emailExists();
        user = user
          ? await updateUser(db, user.id, { encrypted_password: hashed })
          : await insertUser(db, { email, encryptedPassword: hashed, emailConfirmed: false, userMetadata: input.data });
        tokenType = 'signup';
        break;
      case 'invite':
        if (user?.email_confirmed_at) throw emailExists();
        user =
          user ??
          (await insertUser(db, {
            email,
            encryptedPassword: null,
            emailConfirmed: false,
            invited: true,
            userMetadata: input.data,
          }));
        user = await updateUser(db, user.id, { invited_at: 'now' });
        tokenType = 'invite';
        break;
      case 'magiclink':
      case 'recovery':
        if (!user) throw userNotFound();
        tokenType = input.type;
        break;
      default: {
        if (!user) throw userNotFound();
        if (await findUserByEmail(db, newEmail!)) throw emailExists();
        if (input.type === 'email_change_current')
          throw authError(
            422,
            'validation_failed',
            'Only email_change_new is supported: the new address confirms the change.',
          );
        user = await updateUser(db, user.id, { email_change: newEmail, email_change_sent_at: 'now' });
        tokenType = 'email_change';
        recipient = newEmail!;
      }
    }
    const token = await issueEmailToken(deps, db, {
      user,
      type: tokenType,
      email: recipient,
      redirectTo,
      flowStateId: null,
    });
    return {
      ...userJson(user),
      action_link: token.link,
      email_otp: token.otp,
      hashed_token: token.linkToken,
      verification_type: tokenType,
      redirect_to: redirectTo,
    };
  });
}
