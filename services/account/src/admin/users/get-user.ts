import type { AdminUserDetail } from '@tracemap/contracts';
import type { AdminContext } from '../admin-context';
import { findAdminUser } from './find-admin-user';

/** One user and their companies; companies are null (not "none") while the company service does not answer. */
export async function getUser(ctx: AdminContext, userId: string): Promise<AdminUserDetail> {
  const user = await findAdminUser(ctx, userId);
  const companies = await ctx.deps.companyApi.companiesOf(userId, ctx.requestId).catch((error: Error) => {
    ctx.deps.log.warn({ err: error.message, userId }, 'company service did not answer for an admin user view');
    return null;
  });
  return { user, companies };
}
