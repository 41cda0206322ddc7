import { forbidden, withTransaction } from '@tracemap/service-kit';
import type { AdminActionAnswer } from '@tracemap/contracts';
import { setAdmin, upsertProfile } from '../../profile/profile-repository';
import { insertAudit } from '../audit/audit-repository';
import type { AdminContext } from '../admin-context';
import { findAdminUser } from './find-admin-user';

export const NOT_ON_YOURSELF = 'You cannot change your own administrator access.';

/** Grants or revokes product admin; never on oneself, so the last admin cannot lock everyone out by accident. */
export async function setProductAdmin(ctx: AdminContext, userId: string, admin: boolean): Promise<AdminActionAnswer> {
  if (userId === ctx.actor.userId) throw forbidden(NOT_ON_YOURSELF, 'not_on_yourself');
  const user = await findAdminUser(ctx, userId);
  await withTransaction(ctx.deps.pool, async (client) => {
    await upsertProfile(client, { userId, email: user.email, emailConfirmed: user.emailConfirmed });
    await setAdmin(client, userId, admin);
    await insertAudit(client, {
      actor: ctx.actor,
      action: 'user.product_admin_set',
      targetType: 'user',
      targetId: userId,
      details: { value: admin },
    });
  });
  ctx.deps.syncCache.invalidate(userId);
  return {
    ok: true,
    message: admin
      ? `${user.email} is now a product administrator.`
      : `${user.email} is no longer a product administrator.`,
  };
}
