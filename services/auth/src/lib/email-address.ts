import { validationFailed } from './auth-error';

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** Emails are compared lower-cased and trimmed. */
export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 255 || !EMAIL.test(email))
    throw validationFailed('Unable to validate email address: invalid format');
  return email;
}
