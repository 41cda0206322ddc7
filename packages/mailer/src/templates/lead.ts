import type { EmailContent } from './layout';
import type { EmailData } from './types';

/** To the team: someone asked for a demo or wrote through the contact form; fields as sent. */
export function lead(data: EmailData): EmailContent {
  const fields = { ...(data.fields ?? {}) };
  const source = fields.source ?? 'website';
  delete fields.source;
  const who = fields.name ?? fields.email ?? 'someone';
  return {
    subject: source === 'demo' ? `Demo request from ${who}` : `New message from ${who} (${source})`,
    greeting: 'Hi team,',
    paragraphs: [
      `A visitor sent the ${source} form on the website.`,
      ...Object.entries(fields).map(([name, value]) => `${name}: ${value}`),
    ],
    footnote: 'Reply to the address in the message; the visitor is waiting for an answer within one working day.',
  };
}
