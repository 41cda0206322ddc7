import type { AccountDeps } from '../deps';
import { insertFeedback } from '../repositories/support-repository';
import { requireText } from './require-text';
import { runIdempotent } from './run-idempotent';

export async function sendFeedback(deps: AccountDeps, userId: string | null, text: string, idempotencyKey?: string): Promise<{ id: string }> {
  const trimmed = requireText(text, 'text');
  return runIdempotent(deps.pool, { key: idempotencyKey, scope: `feedback:${userId ?? 'anonymous'}`, body: { text: trimmed } }, async (client) => ({
    id: await insertFeedback(client, userId, trimmed),
  }));
}
