import { AppError, forbidden, withTransaction, type AuthContext } from '@tracemap/service-kit';
import type { AccountDeps } from '../deps';
import { findProfile, setAdmin as saveAdmin, upsertProfile } from '../repositories/profile-repository';

export const ADMINS_ONLY = 'Only product administrators can do this.';
export const NOT_ON_YOURSELF = 'You cannot change your own administrator access.';

/** Product admins grant or remove the flag for someone else, never for themselves. */
export async function setAdmin(
  deps: AccountDeps,
  auth: AuthContext,
  input: { userId: string; admin: boolean },
  requestId: string,
): Promise<{ userId: string; anamap_admin: boolean }> {
  const caller = await findProfile(deps.pool, auth.userId);
  if (!caller?.anamapAdmin) throw forbidden(ADMINS_ONLY);
  if (input.userId === auth.userId) throw forbidden(NOT_ON_YOURSELF);
  const [target] = await deps.authApi.lookupUsers([input.userId], requestId);
  if (!target) throw new AppError(404, 'user_not_found', 'User not found');
  await withTransaction(deps.pool, async (client) => {
    await upsertProfile(client, { userId: target.id, email: target.email, emailConfirmed: target.emailConfirmed });
    await saveAdmin(client, target.id, input.admin);
  });
  deps.syncCache.invalidate(target.id);
  return { userId: target.id, anamap_admin: input.admin };
}
