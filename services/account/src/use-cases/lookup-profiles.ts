import type { AccountDeps } from '../deps';
import { findProfiles } from '../repositories/profile-repository';

export async function lookupProfiles(deps: AccountDeps, ids: string[]) {
  const profiles = await findProfiles(deps.pool, [...new Set(ids)]);
  return {
    profiles: profiles.map((p) => ({ id: p.userId, email: p.email, firstName: p.firstName, lastName: p.lastName })),
  };
}
