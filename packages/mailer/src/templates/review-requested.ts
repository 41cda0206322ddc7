import { greeting, type EmailContent } from './layout';
import type { EmailData } from './types';

/** A member was asked to review a proposed change of the tracking plan. */
export function reviewRequested(data: EmailData): EmailContent {
  const company = data.companyName?.trim() || 'your company';
  const proposal = data.proposalName?.trim();
  const requester = data.inviterName?.trim() || 'A teammate';
  return {
    subject: proposal
      ? `Review requested on Tracemap: ${proposal}`
      : `A tracking plan change in ${company} awaits your review on Tracemap`,
    greeting: greeting(data.firstName),
    paragraphs: [
      `${requester} asked you to review ${proposal ? `“${proposal}”, ` : ''}a proposed change of the tracking plan of ${company}.`,
      'Open it to see what changes, comment, approve or request changes.',
    ],
    action: { label: 'Review the proposal', link: data.link },
  };
}
