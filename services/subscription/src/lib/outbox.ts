import { enqueueEmail, type TemplateName } from '@tracemap/mailer';
import type { Queryable } from '@tracemap/service-kit';
import type { BillingContact } from './peers';

export const OUTBOX_SCHEMA = 'subscription';

/**
 * Queues one billing email per contact in the caller's transaction. The key names the
 * provider event, so a redelivered event (or a retried handler) never queues it twice.
 */
export async function queueBillingEmails(
  db: Queryable,
  input: {
    eventId: string;
    template: TemplateName;
    contacts: BillingContact[];
    companyName: string | null;
    link: string;
    date?: string;
  },
): Promise<void> {
  for (const contact of input.contacts) {
    await enqueueEmail(db, OUTBOX_SCHEMA, {
      template: input.template,
      to: contact.email,
      data: {
        firstName: contact.firstName ?? undefined,
        companyName: input.companyName ?? undefined,
        link: input.link,
        date: input.date,
      },
      dedupeKey: `billing:${input.eventId}:${input.template}:${contact.email.toLowerCase()}`,
    });
  }
}

/** How emails show a date: "23 November 2026". */
export function emailDate(value: Date | null | undefined): string | undefined {
  if (!value) return undefined;
  return value.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
