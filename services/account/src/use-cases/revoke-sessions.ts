import type { AuthContext } from '@tracemap/service-kit';
import type { CallContext } from '../clients/auth-api';
import type { AccountDeps } from '../deps';

/** Ends every session of the user, this one included, through auth's global logout. */
export async function revokeSessions(deps: AccountDeps, auth: AuthContext, context: CallContext): Promise<void> {
  await deps.authApi.logout(auth.token, 'global', context);
  deps.syncCache.invalidate(auth.userId);
}
