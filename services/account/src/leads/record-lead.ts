import { enqueueEmail } from '@tracemap/mailer';
import type { AccountDeps } from '../deps';
import { insertLead } from '../support/support-repository';
import { runIdempotent } from '../lib/run-idempotent';

/** The form field that people never see; bots fill it in. */
export const HONEYPOT_FIELD = 'website';

/**
 * Stores a lead from the website and emails it to the team in the same transaction. A filled
 * honeypot gets the same answer as a real lead but nothing is stored or sent, so a bot learns
 * nothing from the response.
 */
export async function recordLead(
  deps: AccountDeps,
  userId: string | null,
  leadData: Record<string, string>,
  idempotencyKey?: string,
): Promise<{ id: string }> {
  const { [HONEYPOT_FIELD]: trap, ...fields } = leadData;
  if (trap && trap.trim() !== '') {
    deps.log.info({ honeypot: true }, 'lead dropped: honeypot filled');
    return { id: crypto.randomUUID() };
  }
  const created = await runIdempotent(
    deps.pool,
    { key: idempotencyKey, scope: `lead:${userId ?? 'anonymous'}`, body: fields },
    async (client) => {
      const id = await insertLead(client, userId, fields);
      await enqueueEmail(client, 'account', {
        template: 'lead',
        to: deps.config.LEAD_EMAIL,
        data: { fields },
        dedupeKey: `lead:${id}`,
      });
      return { id };
    },
  );
  deps.outbox.wake();
  return created;
}
