import { greeting, type EmailContent } from './layout';
import type { EmailData } from './types';

export function invitation(data: EmailData): EmailContent {
  const company = data.companyName?.trim() || 'a company';
  const inviter = data.inviterName?.trim();
  const role = data.role?.trim();
  return {
    subject: inviter ? `${inviter} invited you to ${company} on Tracemap` : `You are invited to ${company} on Tracemap`,
    greeting: greeting(data.firstName),
    paragraphs: [
      `${inviter ?? 'A teammate'} invited you to join ${company} on Tracemap${role ? ` as ${role}` : ''}.`,
      'Accept the invitation to set your password and start working with your team.',
    ],
    action: { label: 'Accept invitation', link: data.link },
    otp: data.otp,
    footnote: 'If you were not expecting this invitation, you can ignore this email.',
  };
}
