import { conflict } from '@tracemap/service-kit';
import type { AdminActionAnswer } from '@tracemap/contracts';
import { insertAudit } from '../audit/audit-repository';
import type { AdminContext } from '../admin-context';
import { findAdminUser } from './find-admin-user';

export async function resendConfirmation(
  ctx: AdminContext,
  userId: string,
  forwardedFor?: string,
): Promise<AdminActionAnswer> {
  const user = await findAdminUser(ctx, userId);
  if (user.emailConfirmed) throw conflict('This email address is already confirmed.', 'already_confirmed');
  await ctx.deps.authApi.resendConfirmation(user.email, { requestId: ctx.requestId, forwardedFor });
  await insertAudit(ctx.deps.pool, {
    actor: ctx.actor,
    action: 'user.confirmation_resent',
    targetType: 'user',
    targetId: userId,
    details: { email: user.email },
  });
  return { ok: true, message: `Confirmation email sent to ${user.email}.` };
}
