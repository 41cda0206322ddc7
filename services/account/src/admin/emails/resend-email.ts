import type { AdminResendAnswer, EmailSource } from '@tracemap/contracts';
import { insertAudit } from '../audit/audit-repository';
import type { AdminContext } from '../admin-context';
import { outboxOf } from './outbox-sources';

/** Queues a failed email once more; asking again answers the copy already queued (`already_resent`). */
export async function resendEmail(ctx: AdminContext, source: EmailSource, id: string): Promise<AdminResendAnswer> {
  const result = await outboxOf(ctx, source).resend(id, ctx.requestId);
  if (result.outcome === 'queued') {
    await insertAudit(ctx.deps.pool, {
      actor: ctx.actor,
      action: 'email.resent',
      targetType: 'email',
      targetId: id,
      details: { source, copy: result.id },
    });
  }
  return result;
}
