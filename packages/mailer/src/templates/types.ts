export const TEMPLATES = [
  'confirm-email',
  'reset-password',
  'already-registered',
  'invitation',
  'password-changed',
  'bug-report',
  'feedback',
  'test-email',
  'trial-ending',
  'payment-failed',
  'subscription-canceled',
  'lead',
  'review-requested',
] as const;
export type TemplateName = (typeof TEMPLATES)[number];

export interface EmailData {
  link?: string;
  firstName?: string;
  companyName?: string;
  inviterName?: string;
  role?: string;
  otp?: string;
  /** The proposal a review is asked for. */
  proposalName?: string;
  /** A date as the email shows it (when a trial or a paid period ends). */
  date?: string;
  /** Named text values listed in the email (support messages), in order. */
  fields?: Record<string, string>;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export function isTemplateName(name: string): name is TemplateName {
  return (TEMPLATES as readonly string[]).includes(name);
}
