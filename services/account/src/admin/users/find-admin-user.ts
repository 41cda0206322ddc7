import { notFound } from '@tracemap/service-kit';
import type { AdminUserSummary } from '@tracemap/contracts';
import { findProfile } from '../../profile/profile-repository';
import type { AdminContext } from '../admin-context';
import { toAdminUser } from './user-summary';

export const USER_NOT_FOUND = 'User not found';

/** The user an action is about, or 404. */
export async function findAdminUser(ctx: AdminContext, userId: string): Promise<AdminUserSummary> {
  const { users } = await ctx.auth.searchUsers(userId, 1, ctx.requestId);
  const user = users.find((u) => u.id === userId);
  if (!user) throw notFound(USER_NOT_FOUND, 'user_not_found');
  return toAdminUser(user, (await findProfile(ctx.deps.pool, userId)) ?? undefined);
}
