import type { AccountDeps } from '../deps';
import { insertLead } from '../repositories/support-repository';
import { runIdempotent } from './run-idempotent';

export async function recordLead(
  deps: AccountDeps,
  userId: string | null,
  leadData: Record<string, unknown>,
  idempotencyKey?: string,
): Promise<{ id: string }> {
  return runIdempotent(deps.pool, { key: idempotencyKey, scope: `lead:${userId ?? 'anonymous'}`, body: leadData }, async (client) => ({
    id: await insertLead(client, userId, leadData),
  }));
}
