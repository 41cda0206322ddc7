import { withTransaction } from '@tracemap/service-kit';
import type { AdminActionAnswer } from '@tracemap/contracts';
import { setPasswordResetRequired as saveFlag, upsertProfile } from '../../profile/profile-repository';
import { insertAudit } from '../audit/audit-repository';
import type { AdminContext } from '../admin-context';
import { findAdminUser } from './find-admin-user';

export async function setPasswordResetRequired(
  ctx: AdminContext,
  userId: string,
  required: boolean,
): Promise<AdminActionAnswer> {
  const user = await findAdminUser(ctx, userId);
  await withTransaction(ctx.deps.pool, async (client) => {
    await upsertProfile(client, { userId, email: user.email, emailConfirmed: user.emailConfirmed });
    await saveFlag(client, userId, required);
    await insertAudit(client, {
      actor: ctx.actor,
      action: 'user.password_reset_required_set',
      targetType: 'user',
      targetId: userId,
      details: { value: required },
    });
  });
  // The user's next sync must see the flag, not a cached answer.
  ctx.deps.syncCache.invalidate(userId);
  return {
    ok: true,
    message: required ? 'The user must reset their password.' : 'The password reset requirement was cleared.',
  };
}
