import { greeting, type EmailContent } from './layout';
import type { EmailData } from './types';

export function passwordChanged(data: EmailData): EmailContent {
  return {
    subject: 'Your Tracemap password was changed',
    greeting: greeting(data.firstName),
    paragraphs: ['The password of your Tracemap account was just changed.'],
    action: data.link ? { label: 'Reset your password', link: data.link } : undefined,
    footnote: 'If you did not make this change, reset your password right away and contact support.',
  };
}
