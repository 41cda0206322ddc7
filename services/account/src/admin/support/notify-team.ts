import { enqueueEmail } from '@tracemap/mailer';
import type { Queryable } from '@tracemap/service-kit';
import type { AccountDeps } from '../../deps';
import { findProfile } from '../../profile/profile-repository';

/**
 * Queues the email to the product team in the transaction that stores the
 * message, keyed by the message id, so it is sent once, and only if the
 * message was stored.
 */
export async function notifyTeam(
  deps: AccountDeps,
  client: Queryable,
  message: {
    kind: 'bug-report' | 'feedback';
    id: string;
    userId: string | null;
    fields: Record<string, string | undefined>;
  },
): Promise<void> {
  const from = message.userId ? ((await findProfile(client, message.userId))?.email ?? message.userId) : 'anonymous';
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.fields)) if (value) fields[name] = value;
  fields.from = from;
  await enqueueEmail(client, 'account', {
    template: message.kind,
    to: deps.config.SUPPORT_EMAIL,
    data: { fields },
    dedupeKey: `${message.kind}:${message.id}`,
  });
}
