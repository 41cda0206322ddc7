import { greeting, type EmailContent } from './layout';
import type { EmailData } from './types';

export function trialEnding(data: EmailData): EmailContent {
  const company = data.companyName?.trim() || 'your company';
  const when = data.date ? ` on ${data.date}` : ' in 3 days';
  return {
    subject: `Your Tracemap trial for ${company} ends soon`,
    greeting: greeting(data.firstName),
    paragraphs: [
      `The free trial of ${company} ends${when}.`,
      'Choose a plan and add a card to keep editing your tracking plan. Without one, the company stays readable but cannot be changed.',
    ],
    action: { label: 'Choose a plan', link: data.link },
  };
}
