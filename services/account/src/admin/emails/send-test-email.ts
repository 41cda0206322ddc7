import { enqueueEmail } from '@tracemap/mailer';
import { withTransaction } from '@tracemap/service-kit';
import { insertAudit } from '../audit/audit-repository';
import type { AdminContext } from '../admin-context';

export async function sendTestEmail(ctx: AdminContext, to: string): Promise<{ id: string }> {
  const id = await withTransaction(ctx.deps.pool, async (client) => {
    const queued = await enqueueEmail(client, 'account', {
      template: 'test-email',
      to,
      data: { fields: { requestId: ctx.requestId } },
    });
    await insertAudit(client, {
      actor: ctx.actor,
      action: 'email.test_sent',
      targetType: 'email',
      targetId: queued.id,
      details: { to },
    });
    return queued.id!;
  });
  ctx.deps.outbox.wake();
  return { id };
}
