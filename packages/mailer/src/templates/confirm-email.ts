import { greeting, type EmailContent } from './layout';
import type { EmailData } from './types';

export function confirmEmail(data: EmailData): EmailContent {
  return {
    subject: 'Confirm your email for Tracemap',
    greeting: greeting(data.firstName),
    paragraphs: [
      'Thanks for signing up for Tracemap. Please confirm your email address to finish creating your account.',
    ],
    action: { label: 'Confirm email', link: data.link },
    otp: data.otp,
    footnote: 'If you did not sign up for Tracemap, you can ignore this email.',
  };
}
