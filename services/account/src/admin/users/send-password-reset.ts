import type { AdminActionAnswer } from '@tracemap/contracts';
import { insertAudit } from '../audit/audit-repository';
import type { AdminContext } from '../admin-context';
import { findAdminUser } from './find-admin-user';

/** The same reset email the user would get from "forgot password" (auth's limits apply: 429 when sent too often). */
export async function sendPasswordReset(
  ctx: AdminContext,
  userId: string,
  forwardedFor?: string,
): Promise<AdminActionAnswer> {
  const user = await findAdminUser(ctx, userId);
  await ctx.deps.authApi.recover(user.email, { requestId: ctx.requestId, forwardedFor });
  await insertAudit(ctx.deps.pool, {
    actor: ctx.actor,
    action: 'user.password_reset_sent',
    targetType: 'user',
    targetId: userId,
    details: { email: user.email },
  });
  return { ok: true, message: `Password reset email sent to ${user.email}.` };
}
