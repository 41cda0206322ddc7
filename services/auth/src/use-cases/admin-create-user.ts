import { emailExists } from '../lib/auth-error';
import type { AuthDeps } from '../lib/deps';
import { normalizeEmail } from '../lib/email-address';
import { assertStrongPassword } from '../lib/passwords';
import { userJson, type UserJson } from '../lib/user-json';
import { findUserByEmail, insertUser } from '../repositories/users-repository';

export interface AdminCreateUserInput {
  email: string;
  password?: string;
  emailConfirm?: boolean;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
}

/** `admin.createUser`: no email is sent; `email_confirm` marks the address confirmed. */
export async function adminCreateUser(deps: AuthDeps, input: AdminCreateUserInput): Promise<UserJson> {
  const email = normalizeEmail(input.email);
  if (input.password !== undefined) assertStrongPassword(input.password, deps.config.AUTH_PASSWORD_MIN_LENGTH, email);
  const hashed = input.password !== undefined ? await deps.passwords.hash(input.password) : null;
  const user = await deps.transaction(async (db) => {
    if (await findUserByEmail(db, email, true)) throw emailExists();
    return insertUser(db, {
      email,
      encryptedPassword: hashed,
      emailConfirmed: input.emailConfirm ?? false,
      userMetadata: input.userMetadata,
      appMetadata: input.appMetadata,
    });
  });
  return userJson(user);
}
