import { userNotFound } from '../lib/auth-error';
import type { AuthDeps } from '../lib/deps';
import { userJson, type UserJson } from '../lib/user-json';
import { listFactors } from '../repositories/factors-repository';
import { findUserById } from '../repositories/users-repository';

export async function getUser(deps: AuthDeps, userId: string): Promise<UserJson> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw userNotFound();
  return userJson(user, await listFactors(deps.db, userId));
}
