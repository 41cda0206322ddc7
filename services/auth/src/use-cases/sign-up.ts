import { isCleanName } from '@tracemap/service-kit';
import { authError, validationFailed } from '../lib/auth-error';
import type { AuthDeps, RequestMeta } from '../lib/deps';
import { normalizeEmail } from '../lib/email-address';
import { emailOneTimeToken, queueEmail } from '../lib/email-tokens';
import { checkAuthLimits } from '../lib/limits';
import { assertStrongPassword } from '../lib/passwords';
import { createFlowState, readPkce, type PkceParams } from '../lib/pkce';
import { startSession, type SessionJson } from '../lib/sessions';
import { obfuscatedUserJson, userJson } from '../lib/user-json';
import { findUserByEmail, insertUser, updateUser } from '../repositories/users-repository';

/** Metadata keys read as the person's name (greetings in emails, the account profile). */
const NAME_KEYS = ['first_name', 'last_name', 'firstName', 'lastName'];

/** Names go into email greetings and tables: control and text-direction characters are refused, as everywhere. */
function assertCleanNames(data: Record<string, unknown>) {
  for (const key of NAME_KEYS) {
    const value = data[key];
    if (typeof value === 'string' && !isCleanName(value))
      throw validationFailed(`data.${key} contains characters that are not allowed in a name`);
  }
}

export interface SignUpInput extends PkceParams {
  email: string;
  password: string;
  data?: Record<string, unknown>;
  redirectTo?: string;
}

/**
 * Email + password sign-up with confirmation by email. An address that is
 * already confirmed gets the same answer as a new one (and its owner an
 * "already registered" notice), so sign-up never reveals who has an account.
 * At most one email per address goes out per interval, against mailbox
 * flooding; a sign-up inside the interval still gets the usual answer and
 * just sends nothing — an error there would tell a registered address
 * (just notified) from a new one. A pending confirmation keeps its token, so
 * the link already sent still works.
 */
export async function signUp(deps: AuthDeps, input: SignUpInput, meta: RequestMeta): Promise<object | SessionJson> {
  const email = normalizeEmail(input.email);
  await checkAuthLimits(deps, 'signup', meta, email);
  if (deps.config.AUTH_DISABLE_SIGNUP) throw authError(422, 'signup_disabled', 'Signups not allowed for this instance');
  assertStrongPassword(input.password, deps.config.AUTH_PASSWORD_MIN_LENGTH, email);
  const pkce = readPkce(input);
  const redirectTo = deps.redirects.resolve(input.redirectTo);
  const data = input.data ?? {};
  assertCleanNames(data);
  const mayEmail = deps.config.AUTH_MAILER_AUTOCONFIRM || (await deps.limiter.takeEmailSlot(email));
  // Hashed in every branch so that known and unknown addresses take the same time.
  const hashed = await deps.passwords.hash(input.password);

  const result = await deps.transaction(async (db) => {
    const existing = await findUserByEmail(db, email, true);
    if (existing?.email_confirmed_at) {
      if (mayEmail)
        await queueEmail(db, 'already-registered', existing, email, {
          link: new URL('/forgot-password', deps.config.PUBLIC_URL).toString(),
        });
      return obfuscatedUserJson(email, data);
    }
    let user = existing
      ? await updateUser(db, existing.id, {
          encrypted_password: hashed,
          raw_user_meta_data: { ...existing.raw_user_meta_data, ...data },
        })
      : await insertUser(db, { email, encryptedPassword: hashed, emailConfirmed: false, userMetadata: data });
    if (deps.config.AUTH_MAILER_AUTOCONFIRM) {
      user = await updateUser(db, user.id, { email_confirmed_at: 'now' });
      return startSession(deps, db, user, 'password', meta);
    }
    if (!mayEmail) return userJson(user);
    const flowStateId = await createFlowState(db, pkce, user.id, 'otp');
    user = await emailOneTimeToken(deps, db, {
      user,
      type: 'signup',
      email,
      redirectTo,
      flowStateId,
      template: 'confirm-email',
      sentAt: 'confirmation_sent_at',
    });
    return userJson(user);
  });
  deps.onEmailQueued();
  return result;
}
