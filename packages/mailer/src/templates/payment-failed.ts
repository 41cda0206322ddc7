import { greeting, type EmailContent } from './layout';
import type { EmailData } from './types';

export function paymentFailed(data: EmailData): EmailContent {
  const company = data.companyName?.trim() || 'your company';
  return {
    subject: `Tracemap could not charge the card for ${company}`,
    greeting: greeting(data.firstName),
    paragraphs: [
      `The latest payment for ${company}'s subscription failed.`,
      'We will try again over the next days. Update the card now to keep the subscription running.',
    ],
    action: { label: 'Update the card', link: data.link },
  };
}
