import { notFound, withTransaction } from '@tracemap/service-kit';
import type { AdminActionAnswer, SupportStatus } from '@tracemap/contracts';
import { insertAudit } from '../audit/audit-repository';
import type { AdminContext } from '../admin-context';
import { setStatus } from './support-admin-repository';

export async function setSupportStatus(
  ctx: AdminContext,
  kind: 'bug_report' | 'feedback',
  id: string,
  status: SupportStatus,
): Promise<AdminActionAnswer> {
  await withTransaction(ctx.deps.pool, async (client) => {
    if (!(await setStatus(client, kind, id, status))) throw notFound('Message not found', 'support_message_not_found');
    await insertAudit(client, {
      actor: ctx.actor,
      action: 'support.status_set',
      targetType: kind,
      targetId: id,
      details: { status },
    });
  });
  return { ok: true, message: `Marked ${status}.` };
}
