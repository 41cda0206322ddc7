import { greeting, type EmailContent } from './layout';
import type { EmailData } from './types';

export function resetPassword(data: EmailData): EmailContent {
  return {
    subject: 'Reset your Tracemap password',
    greeting: greeting(data.firstName),
    paragraphs: [
      'We received a request to reset the password of your Tracemap account. The link can be used once and expires soon.',
    ],
    action: { label: 'Reset password', link: data.link },
    otp: data.otp,
    footnote: 'If you did not ask for a new password, you can ignore this email; your password stays the same.',
  };
}
