import { withTransaction, type AuthContext } from '@tracemap/service-kit';
import type { AccountUser, CompanyPermission } from '@tracemap/contracts';
import type { AccountDeps } from '../deps';
import { setAdmin, upsertProfile } from '../repositories/profile-repository';
import { namesFromMetadata } from './names-from-metadata';

export type { AccountUser };

/**
 * Assembles the signed-in user from auth (email, confirmation), this
 * service's profile and the company service's permissions. A company
 * service that is down gives an empty permission list rather than a failed
 * sync; such a degraded answer is not cached, so recovery shows at once.
 */
export async function syncAccount(deps: AccountDeps, auth: AuthContext, requestId: string): Promise<AccountUser> {
  const cached = deps.syncCache.get(auth.userId);
  if (cached) return cached;

  let degraded = false;
  const [authUser, companyPermissions] = await Promise.all([
    deps.authApi
      .lookupUsers([auth.userId], requestId)
      .then((users) => users.find((u) => u.id === auth.userId) ?? null)
      .catch((error: Error) => {
        degraded = true;
        deps.log.warn({ err: error.message, requestId }, 'auth user lookup failed; using the stored profile');
        return null;
      }),
    deps.companyApi.companiesOf(auth.userId, requestId).catch((error: Error) => {
      degraded = true;
      deps.log.warn({ err: error.message, requestId }, 'company service unavailable; no company permissions in this sync');
      return [] as CompanyPermission[];
    }),
  ]);

  const names = namesFromMetadata(authUser?.userMetadata ?? auth.claims.user_metadata);
  const profile = await withTransaction(deps.pool, async (client) => {
    const row = await upsertProfile(client, {
      userId: auth.userId,
      email: authUser?.email ?? auth.email,
      emailConfirmed: authUser?.emailConfirmed,
      ...names,
    });
    // Listed admins get the flag on their first sync with a confirmed address.
    if (!row.anamapAdmin && row.emailConfirmed && deps.admins.has(row.email.toLowerCase())) {
      await setAdmin(client, auth.userId, true);
      row.anamapAdmin = true;
    }
    return row;
  });

  const user: AccountUser = {
    id: profile.userId,
    email: profile.email,
    emailConfirmed: profile.emailConfirmed,
    trialUsed: profile.trialUsed,
    anamap_admin: profile.anamapAdmin,
    passwordResetRequired: profile.passwordResetRequired,
    companyPermissions,
    firstName: profile.firstName,
    lastName: profile.lastName,
  };
  if (!degraded) deps.syncCache.set(auth.userId, user);
  return user;
}
