import type { ProfilesLookupAnswer } from '@tracemap/contracts';
import { withTransaction } from '@tracemap/service-kit';
import type { AccountDeps } from '../deps';
import { findProfiles, upsertProfile, type ProfileRecord } from './profile-repository';
import { namesFromMetadata } from './names-from-metadata';

/**
 * Names and emails of users, for other services (company info lists its members). A user
 * who has never synced here (e.g. one who just joined a company through an invitation) has
 * no profile yet: auth is asked for them, and their profile is created from what it knows,
 * as their first sync would. If auth does not answer, those users are left out as before.
 */
export async function lookupProfiles(
  deps: AccountDeps,
  ids: string[],
  requestId?: string,
): Promise<ProfilesLookupAnswer> {
  const wanted = [...new Set(ids)];
  const profiles = await findProfiles(deps.pool, wanted);
  const known = new Set(profiles.map((p) => p.userId));
  const missing = wanted.filter((id) => !known.has(id));
  if (missing.length > 0) profiles.push(...(await profilesFromAuth(deps, missing, requestId)));
  return {
    profiles: profiles.map((p) => ({ id: p.userId, email: p.email, firstName: p.firstName, lastName: p.lastName })),
  };
}

async function profilesFromAuth(deps: AccountDeps, ids: string[], requestId?: string): Promise<ProfileRecord[]> {
  let users;
  try {
    users = await deps.authApi.lookupUsers(ids, requestId);
  } catch (error) {
    deps.log.warn(
      { err: error instanceof Error ? error.message : error, requestId },
      'auth user lookup failed; profiles without a sync left out',
    );
    return [];
  }
  if (users.length === 0) return [];
  return withTransaction(deps.pool, async (client) => {
    const created: ProfileRecord[] = [];
    for (const user of users) {
      created.push(
        await upsertProfile(client, {
          userId: user.id,
          email: user.email,
          emailConfirmed: user.emailConfirmed,
          ...namesFromMetadata(user.userMetadata),
        }),
      );
    }
    return created;
  });
}
