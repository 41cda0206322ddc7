import { notifyTeam } from '../admin/support/notify-team';
import type { AccountDeps } from '../deps';
import { insertFeedback } from './support-repository';
import { requireText } from '../lib/require-text';
import { runIdempotent } from '../lib/run-idempotent';

export async function sendFeedback(
  deps: AccountDeps,
  userId: string | null,
  text: string,
  idempotencyKey?: string,
): Promise<{ id: string }> {
  const trimmed = requireText(text, 'text');
  const created = await runIdempotent(
    deps.pool,
    { key: idempotencyKey, scope: `feedback:${userId ?? 'anonymous'}`, body: { text: trimmed } },
    async (client) => {
      const id = await insertFeedback(client, userId, trimmed);
      await notifyTeam(deps, client, { kind: 'feedback', id, userId, fields: { text: trimmed } });
      return { id };
    },
  );
  deps.outbox.wake();
  return created;
}
