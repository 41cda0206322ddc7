import { MESSAGES } from '@tracemap/contracts';
// Through the package's main entry, not relative paths: an app that bundles this entry point then
// uses the one shared session, stores and error class instead of copies of its own.
import { establishUser, getSupabase } from '@tracemap/shell-core';

export type LoginResult =
  | { ok: true; mfa: null | { factorId: string } }
  | { ok: false; reason: 'invalid' | 'unconfirmed' | 'reset-required' | 'failed'; message: string };

/** Emails are lower-cased (and trimmed) before login and signup. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Maps a Supabase sign-in error to the spec's messages. */
export function loginErrorResult(error: { code?: string; message?: string; status?: number }): LoginResult {
  if (error.code === 'invalid_credentials' || /invalid login credentials/i.test(error.message ?? '')) {
    return { ok: false, reason: 'invalid', message: MESSAGES.badCredentials };
  }
  if (error.code === 'email_not_confirmed') {
    return {
      ok: false,
      reason: 'unconfirmed',
      message: 'Your email address is not confirmed yet. Check your inbox for the confirmation link.',
    };
  }
  return { ok: false, reason: 'failed', message: MESSAGES.loginFailed };
}

/**
 * Login: sign in with the lower-cased email, sync the account, handle a required
 * password reset, else make the first company current. When the user has a verified TOTP
 * factor the result asks for the second step (`mfa.factorId`).
 */
export async function logIn(email: string, password: string): Promise<LoginResult> {
  let client;
  try {
    client = await getSupabase();
  } catch {
    return { ok: false, reason: 'failed', message: MESSAGES.loginFailed };
  }
  const { data, error } = await client.auth.signInWithPassword({ email: normalizeEmail(email), password });
  if (error || !data.session) return loginErrorResult(error ?? {});
  // The services refuse a password-only session of a two-factor user, so the second step
  // comes before the account is loaded.
  const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
  if (aal.data && aal.data.nextLevel === 'aal2' && aal.data.currentLevel !== 'aal2') {
    const factors = await client.auth.mfa.listFactors();
    const totp = factors.data?.totp?.[0];
    if (totp) return { ok: true, mfa: { factorId: totp.id } };
  }
  return finishLogin(data.session.access_token);
}

/** Once the session is complete: sync the account, handle a required reset, pick the company. */
async function finishLogin(accessToken: string): Promise<LoginResult> {
  const outcome = await establishUser(accessToken);
  if (outcome.kind === 'reset-required')
    return { ok: false, reason: 'reset-required', message: MESSAGES.passwordResetRequired };
  if (outcome.kind !== 'user') {
    const client = await getSupabase();
    await client.auth.signOut({ scope: 'local' }).catch(() => undefined);
    return { ok: false, reason: 'failed', message: MESSAGES.loginFailed };
  }
  return { ok: true, mfa: null };
}

/** Second login step: a TOTP code for the factor (emits MFA_CHALLENGE_VERIFIED). */
export async function verifyTotp(
  factorId: string,
  code: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const client = await getSupabase();
  const challenge = await client.auth.mfa.challenge({ factorId });
  if (challenge.error) return { ok: false, message: challenge.error.message };
  const verified = await client.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code: code.trim() });
  if (verified.error)
    return {
      ok: false,
      message: 'That code is not valid. Enter the current 6-digit code from your authenticator app.',
    };
  return { ok: true };
}

/** The login's second step: the code, then the account is loaded (steps 2–4). */
export async function verifyLoginTotp(
  factorId: string,
  code: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const verified = await verifyTotp(factorId, code);
  if (!verified.ok) return verified;
  const client = await getSupabase();
  const { data } = await client.auth.getSession();
  if (!data.session) return { ok: false, message: MESSAGES.loginFailed };
  const finished = await finishLogin(data.session.access_token);
  return finished.ok ? { ok: true } : { ok: false, message: finished.message };
}
