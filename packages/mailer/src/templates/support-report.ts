import type { EmailContent } from './layout';
import type { EmailData } from './types';

/** To the product team: a user filed a bug report; the fields are listed as sent. */
export function bugReport(data: EmailData): EmailContent {
  const fields = data.fields ?? {};
  return {
    subject: `Bug report: ${fields.bugType ?? 'other'}`,
    greeting: 'Hi team,',
    paragraphs: [
      'A bug report was filed in Tracemap.',
      ...Object.entries(fields).map(([name, value]) => `${name}: ${value}`),
    ],
    footnote: 'Triage it in the admin area.',
  };
}

/** To the product team: a user sent feedback. */
export function feedback(data: EmailData): EmailContent {
  const fields = data.fields ?? {};
  return {
    subject: 'Feedback from a Tracemap user',
    greeting: 'Hi team,',
    paragraphs: ['Someone sent feedback:', fields.text ?? '', ...(fields.from ? [`From: ${fields.from}`] : [])],
    footnote: 'It is listed in the admin area.',
  };
}

/** Sent from the admin debug page to check that mail leaves the product. */
export function testEmail(data: EmailData): EmailContent {
  return {
    subject: 'Tracemap test email',
    greeting: 'Hi,',
    paragraphs: [
      'This is a test email sent from the admin debug page.',
      ...(data.fields?.requestId ? [`Request id: ${data.fields.requestId}`] : []),
    ],
  };
}
