import { MESSAGES } from '@tracemap/shell-core';

/** Matches the auth service's minimum (AUTH_PASSWORD_MIN_LENGTH default; security goal 10). */
export const MIN_PASSWORD_LENGTH = 10;

export const REQUIRED_EMAIL = 'Enter your email address.';
export const INVALID_EMAIL = 'Enter a valid email address, like name@example.com.';
export const REQUIRED_PASSWORD = 'Enter your password.';
export const SHORT_PASSWORD = `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`;
export const PASSWORDS_DIFFER = 'The two passwords do not match.';

export function validateEmail(email: string): string | null {
  const value = email.trim();
  if (!value) return REQUIRED_EMAIL;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return INVALID_EMAIL;
  return null;
}

/** A new password: length only (no composition rules; the server checks breached lists). */
export function validateNewPassword(password: string): string | null {
  if (!password) return REQUIRED_PASSWORD;
  if ([...password].length < MIN_PASSWORD_LENGTH) return SHORT_PASSWORD;
  return null;
}

export function validateNames(firstName: string, lastName: string): string | null {
  return firstName.trim() && lastName.trim() ? null : MESSAGES.nameRequired;
}

export type SignupField = 'password' | 'email' | 'server';

/** Sign-up errors go to the password, email or server field by their message. */
export function signupErrorField(message: string): SignupField {
  const m = message.toLowerCase();
  if (m.includes('password')) return 'password';
  if (m.includes('email')) return 'email';
  return 'server';
}
