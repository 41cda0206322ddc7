import { enqueueEmail, type EmailData } from '@tracemap/mailer';
import type { Queryable } from '@tracemap/service-kit';

export const OUTBOX_SCHEMA = 'company';

/** Queues the invitation email in the caller's transaction; one row per token issued. */
export async function queueInvitationEmail(
  db: Queryable,
  invitation: { id: string; email: string; sendCount: number },
  data: EmailData,
): Promise<void> {
  await enqueueEmail(db, OUTBOX_SCHEMA, {
    template: 'invitation',
    to: invitation.email,
    data,
    dedupeKey: `invitation:${invitation.id}:${invitation.sendCount}`,
  });
}
