import type { AuthDeps } from '../lib/deps';
import { findUsersByIds } from '../repositories/users-repository';

export async function lookupUsers(deps: AuthDeps, ids: string[]) {
  const users = await findUsersByIds(deps.db, [...new Set(ids)]);
  return {
    users: users.map((u) => ({
      id: u.id,
      email: u.email,
      emailConfirmed: Boolean(u.email_confirmed_at),
      userMetadata: u.raw_user_meta_data,
    })),
  };
}
