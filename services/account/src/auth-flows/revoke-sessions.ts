import type { AuthContext, SessionStatusCache } from '@tracemap/service-kit';
import type { CallContext } from '../clients/auth-api';
import type { AccountDeps } from '../deps';

/**
 * Ends every session of the user, this one included, through auth's global logout. This replica
 * forgets them at once, so the very next request with any of them is refused.
 */
export async function revokeSessions(
  deps: AccountDeps,
  auth: AuthContext,
  context: CallContext,
  sessions: Pick<SessionStatusCache, 'forgetUser'> | null,
): Promise<void> {
  await deps.authApi.logout(auth.token, 'global', context);
  sessions?.forgetUser(auth.userId);
  deps.syncCache.invalidate(auth.userId);
}
