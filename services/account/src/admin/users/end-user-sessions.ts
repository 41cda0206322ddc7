import type { AdminActionAnswer } from '@tracemap/contracts';
import { insertAudit } from '../audit/audit-repository';
import type { AdminContext } from '../admin-context';

export async function endUserSessions(ctx: AdminContext, userId: string): Promise<AdminActionAnswer> {
  const { ended } = await ctx.auth.endSessions(userId, ctx.requestId);
  await insertAudit(ctx.deps.pool, {
    actor: ctx.actor,
    action: 'user.sessions_ended',
    targetType: 'user',
    targetId: userId,
    details: { ended },
  });
  return { ok: true, message: ended === 1 ? 'Ended 1 session.' : `Ended ${ended} sessions.` };
}
