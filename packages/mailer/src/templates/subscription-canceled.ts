import { greeting, type EmailContent } from './layout';
import type { EmailData } from './types';

export function subscriptionCanceled(data: EmailData): EmailContent {
  const company = data.companyName?.trim() || 'your company';
  const until = data.date ? `It stays usable until ${data.date}; after that` : 'From now on';
  return {
    subject: `The Tracemap subscription of ${company} was canceled`,
    greeting: greeting(data.firstName),
    paragraphs: [
      `The subscription of ${company} was canceled.`,
      `${until} the company can be read but not edited.`,
      'You can choose a plan again at any time.',
    ],
    action: { label: 'Manage the subscription', link: data.link },
  };
}
