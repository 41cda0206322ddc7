import { greeting, type EmailContent } from './layout';
import type { EmailData } from './types';

export function alreadyRegistered(data: EmailData): EmailContent {
  return {
    subject: 'You already have a Tracemap account',
    greeting: greeting(data.firstName),
    paragraphs: [
      'Someone tried to sign up for Tracemap with this email address, but an account with it already exists.',
      'If it was you, log in instead. If you forgot your password, you can reset it from the login page.',
    ],
    action: { label: 'Log in or reset your password', link: data.link },
    footnote: 'If this was not you, no action is needed; your account is unchanged.',
  };
}
