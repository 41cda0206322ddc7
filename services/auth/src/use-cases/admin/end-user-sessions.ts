import { userNotFound } from '../../lib/auth-error';
import type { AuthDeps } from '../../lib/deps';
import { deleteUserSessions } from '../../repositories/sessions-repository';
import { findUserById } from '../../repositories/users-repository';

/** Signs a user out everywhere: every session and its refresh tokens go, so access tokens stop working at once. */
export async function endUserSessions(deps: AuthDeps, userId: string): Promise<{ ended: number }> {
  if (!(await findUserById(deps.db, userId))) throw userNotFound();
  return { ended: await deleteUserSessions(deps.db, userId) };
}
