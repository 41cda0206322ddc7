import { emailExists, userNotFound } from '../lib/auth-error';
import type { AuthDeps } from '../lib/deps';
import { normalizeEmail } from '../lib/email-address';
import { assertStrongPassword } from '../lib/passwords';
import { userJson, type UserJson } from '../lib/user-json';
import { listFactors } from '../repositories/factors-repository';
import { deleteUserSessions } from '../repositories/sessions-repository';
import { deleteUser, findUserByEmail, findUserById, listUsers, updateUser } from '../repositories/users-repository';

export async function adminGetUser(deps: AuthDeps, id: string): Promise<UserJson> {
  const user = await findUserById(deps.db, id);
  if (!user) throw userNotFound();
  return userJson(user, await listFactors(deps.db, id));
}

export async function adminListUsers(deps: AuthDeps, page: number, perPage: number) {
  const { users, total } = await listUsers(deps.db, perPage, (page - 1) * perPage);
  return { users: users.map((u) => userJson(u)), aud: 'authenticated', total };
}

export interface AdminUpdateUserInput {
  email?: string;
  password?: string;
  emailConfirm?: boolean;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  banDuration?: string;
}

function banUntil(duration: string): Date | null {
  if (duration === 'none') return null;
  const match = /^(\d+)h$/.exec(duration);
  if (!match) return null;
  return new Date(Date.now() + Number(match[1]) * 3600_000);
}

/** `admin.updateUserById`: a new password or a ban ends the user's sessions. */
export async function adminUpdateUser(deps: AuthDeps, id: string, input: AdminUpdateUserInput): Promise<UserJson> {
  const email = input.email !== undefined ? normalizeEmail(input.email) : undefined;
  if (input.password !== undefined) assertStrongPassword(input.password, deps.config.AUTH_PASSWORD_MIN_LENGTH, email);
  const hashed = input.password !== undefined ? await deps.passwords.hash(input.password) : undefined;
  const user = await deps.transaction(async (db) => {
    let user = await findUserById(db, id, true);
    if (!user) throw userNotFound();
    const changes: Record<string, unknown> = {};
    if (email && email !== user.email) {
      const taken = await findUserByEmail(db, email);
      if (taken) throw emailExists();
      changes.email = email;
    }
    if (hashed) changes.encrypted_password = hashed;
    if (input.emailConfirm === true && !user.email_confirmed_at) changes.email_confirmed_at = 'now';
    if (input.emailConfirm === false) changes.email_confirmed_at = null;
    if (input.userMetadata) changes.raw_user_meta_data = { ...user.raw_user_meta_data, ...input.userMetadata };
    if (input.appMetadata) changes.raw_app_meta_data = { ...user.raw_app_meta_data, ...input.appMetadata };
    if (input.banDuration !== undefined) changes.banned_until = banUntil(input.banDuration);
    if (Object.keys(changes).length > 0) user = await updateUser(db, id, changes);
    if (hashed || changes.banned_until instanceof Date) await deleteUserSessions(db, id);
    return user;
  });
  return userJson(user, await listFactors(deps.db, id));
}

export async function adminDeleteUser(deps: AuthDeps, id: string): Promise<UserJson> {
  return deps.transaction(async (db) => {
    const user = await findUserById(db, id, true);
    if (!user) throw userNotFound();
    await deleteUser(db, id);
    return userJson(user);
  });
}
