import type { AdminEmailDetail, EmailSource } from '@tracemap/contracts';
import type { AdminContext } from '../admin-context';
import { outboxOf } from './outbox-sources';

export async function getEmail(ctx: AdminContext, source: EmailSource, id: string): Promise<AdminEmailDetail> {
  return { ...(await outboxOf(ctx, source).get(id, ctx.requestId)), source };
}
