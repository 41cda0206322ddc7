import type { AdminUserSummary } from '@tracemap/contracts';
import { findProfiles } from '../../profile/profile-repository';
import type { AdminContext } from '../admin-context';
import { toAdminUser } from './user-summary';

/** People whose email or name contains `q` (or whose id is `q`), as auth knows them, with this service's flags. */
export async function searchUsers(ctx: AdminContext, q: string, limit = 20): Promise<{ users: AdminUserSummary[] }> {
  const { users } = await ctx.auth.searchUsers(q, limit, ctx.requestId);
  const profiles = await findProfiles(
    ctx.deps.pool,
    users.map((u) => u.id),
  );
  return {
    users: users.map((u) =>
      toAdminUser(
        u,
        profiles.find((p) => p.userId === u.id),
      ),
    ),
  };
}
