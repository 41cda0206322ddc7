import { withTransaction, type AuthContext } from '@tracemap/service-kit';
import type { AccountDegradedPart, AccountUser, CompanyPermission } from '@tracemap/contracts';
import type { AccountDeps } from '../deps';
import { findProfile, setAdmin, upsertProfile, type ProfileRecord, type ProfileSeed } from './profile-repository';
import type { SyncLoad } from './sync-cache';
import { namesFromMetadata } from './names-from-metadata';

export type { AccountUser };

/**
 * The signed-in user, through the per-user sync cache (fresh for SYNC_CACHE_MS, then served
 * stale for at most SYNC_STALE_MS while one refresh runs; concurrent misses share one load).
 */
export function syncAccount(deps: AccountDeps, auth: AuthContext, requestId: string): Promise<AccountUser> {
  return deps.syncCache.read(
    auth.userId,
    () => loadAccount(deps, auth, requestId),
    (error) =>
      deps.log.warn(
        { err: error instanceof Error ? error.message : error, requestId },
        'background sync refresh failed',
      ),
  );
}

/** Whether the stored profile already says what this sync would write (then nothing is written). */
function upToDate(profile: ProfileRecord | null, seed: ProfileSeed, admins: Set<string>): profile is ProfileRecord {
  if (!profile) return false;
  if (profile.email !== seed.email) return false;
  if (seed.emailConfirmed !== undefined && profile.emailConfirmed !== seed.emailConfirmed) return false;
  if (profile.firstName === '' && seed.firstName) return false;
  if (profile.lastName === '' && seed.lastName) return false;
  return profile.anamapAdmin || !profile.emailConfirmed || !admins.has(profile.email.toLowerCase());
}

/**
 * Assembles the user from auth (email, confirmation), this service's profile and the company
 * service's permissions. A peer that does not answer gives a degraded answer rather than a
 * failed sync, marked in `degraded`: the company service down gives the user's last known
 * permissions (or none), auth down gives the stored email. Degraded answers are not cached.
 */
async function loadAccount(deps: AccountDeps, auth: AuthContext, requestId: string): Promise<SyncLoad> {
  const degraded: AccountDegradedPart[] = [];
  const [authUser, permissions, stored] = await Promise.all([
    deps.authApi
      .lookupUsers([auth.userId], requestId)
      .then((users) => users.find((u) => u.id === auth.userId) ?? null)
      .catch((error: Error) => {
        degraded.push('email');
        deps.log.warn({ err: error.message, requestId }, 'auth user lookup failed; using the stored profile');
        return null;
      }),
    deps.companyApi.companiesOf(auth.userId, requestId).catch((error: Error) => {
      degraded.push('companyPermissions');
      deps.log.warn(
        { err: error.message, requestId },
        'company service unavailable; answering the last known company permissions',
      );
      return null;
    }),
    findProfile(deps.pool, auth.userId),
  ]);

  const seed: ProfileSeed = {
    userId: auth.userId,
    email: authUser?.email ?? stored?.email ?? auth.email,
    emailConfirmed: authUser?.emailConfirmed,
    ...namesFromMetadata(authUser?.userMetadata ?? auth.claims.user_metadata),
  };
  // Most syncs change nothing: they read, and only write when auth or the admin list says otherwise.
  const profile = upToDate(stored, seed, deps.admins)
    ? stored
    : await withTransaction(deps.pool, async (client) => {
        const row = await upsertProfile(client, seed);
        // Listed admins get the flag on their first sync with a confirmed address.
        if (!row.anamapAdmin && row.emailConfirmed && deps.admins.has(row.email.toLowerCase())) {
          await setAdmin(client, auth.userId, true);
          row.anamapAdmin = true;
        }
        return row;
      });

  let companyPermissions: CompanyPermission[];
  if (permissions) {
    companyPermissions = permissions;
    deps.syncCache.rememberPermissions(auth.userId, permissions);
  } else {
    companyPermissions = deps.syncCache.lastKnownPermissions(auth.userId) ?? [];
  }

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
  if (degraded.length > 0) user.degraded = degraded.sort();
  return { user, cacheable: degraded.length === 0 };
}
