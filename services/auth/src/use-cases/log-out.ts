import type { AuthDeps } from '../lib/deps';
import { deleteSession, deleteUserSessions } from '../repositories/sessions-repository';

export type LogoutScope = 'global' | 'local' | 'others';

/** Ends this session, every other one, or all of them; their access tokens stop working at once. */
export async function logOut(
  deps: AuthDeps,
  caller: { userId: string; sessionId: string },
  scope: LogoutScope,
): Promise<void> {
  if (scope === 'local') await deleteSession(deps.db, caller.sessionId);
  else if (scope === 'others') await deleteUserSessions(deps.db, caller.userId, { except: caller.sessionId });
  else await deleteUserSessions(deps.db, caller.userId);
}
