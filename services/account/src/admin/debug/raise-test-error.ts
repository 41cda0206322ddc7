import { insertAudit } from '../audit/audit-repository';
import type { AdminContext } from '../admin-context';

export class AdminTestError extends Error {}

/**
 * Fails on purpose, after writing the audit entry, so the admin sees the
 * generic 500 answer and can find the error in the logs by its request id.
 */
export async function raiseTestError(ctx: AdminContext): Promise<never> {
  await insertAudit(ctx.deps.pool, {
    actor: ctx.actor,
    action: 'debug.test_error',
    targetType: 'service',
    targetId: 'account',
    details: { requestId: ctx.requestId },
  });
  throw new AdminTestError(`Test error raised from the admin debug page (request ${ctx.requestId})`);
}
