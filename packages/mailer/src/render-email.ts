import { alreadyRegistered } from './templates/already-registered';
import { confirmEmail } from './templates/confirm-email';
import { invitation } from './templates/invitation';
import { lead } from './templates/lead';
import { renderLayout, type EmailContent } from './templates/layout';
import { passwordChanged } from './templates/password-changed';
import { paymentFailed } from './templates/payment-failed';
import { resetPassword } from './templates/reset-password';
import { reviewRequested } from './templates/review-requested';
import { subscriptionCanceled } from './templates/subscription-canceled';
import { trialEnding } from './templates/trial-ending';
import { bugReport, feedback, testEmail } from './templates/support-report';
import { isTemplateName, type EmailData, type RenderedEmail, type TemplateName } from './templates/types';

const BUILDERS: Record<TemplateName, (data: EmailData) => EmailContent> = {
  'confirm-email': confirmEmail,
  'reset-password': resetPassword,
  'already-registered': alreadyRegistered,
  invitation,
  'password-changed': passwordChanged,
  'bug-report': bugReport,
  feedback,
  'test-email': testEmail,
  'trial-ending': trialEnding,
  'payment-failed': paymentFailed,
  'subscription-canceled': subscriptionCanceled,
  lead,
  'review-requested': reviewRequested,
};

export function renderEmail(template: TemplateName | string, data: EmailData = {}): RenderedEmail {
  if (!isTemplateName(template)) throw new Error(`Unknown email template: ${template}`);
  return renderLayout(BUILDERS[template](data));
}
