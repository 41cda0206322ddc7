import { getAppConfig } from '../config/app-config';

export interface RecoveryTokens {
  accessToken: string;
  refreshToken: string;
}

/** Where a recovery link that arrived as a session fragment is handled. */
export const RECOVERY_LINK_PATH = '/reset-password/link';

let captured: RecoveryTokens | null = null;

/**
 * A reset link that went through `GET /auth/v1/verify` without PKCE lands on the site with
 * `#access_token=…&type=recovery`. The browser client (PKCE only) would reject it, so the shell
 * takes the tokens out of the URL before anything else runs and opens the reset page.
 * Returns the tokens, or null when the URL holds no recovery session.
 */
export function captureRecoveryFragment(hash: string): RecoveryTokens | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  // An invitation link (a product admin created the account) opens the same page: the invited user sets a first password.
  const type = params.get('type');
  if (type !== 'recovery' && type !== 'invite') return null;
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  if (!accessToken || !refreshToken) return null;
  captured = { accessToken, refreshToken };
  return captured;
}

/** The recovery session captured from the URL, if any (kept in memory only). */
export function peekRecoveryTokens(): RecoveryTokens | null {
  return captured;
}

export function clearRecoveryTokens(): void {
  captured = null;
}

async function authCall(path: string, method: string, token: string, body?: unknown): Promise<void> {
  const config = await getAppConfig();
  const res = await fetch(`${config.authUrl.replace(/\/$/, '')}/auth/v1${path}`, {
    method,
    headers: {
      apikey: config.publicKey,
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.ok) return;
  let message = 'Could not reset your password. Try again later.';
  try {
    const data = (await res.json()) as { msg?: string; message?: string; error_description?: string };
    message = data.msg ?? data.message ?? data.error_description ?? message;
  } catch {
    // keep the generic message
  }
  throw new Error(message);
}

/**
 * Sets the new password with the recovery session, then ends every session of the user
 * (spec §7 reset-password: logoutDevices defaults to true).
 */
export async function resetWithRecoverySession(tokens: RecoveryTokens, newPassword: string): Promise<void> {
  await authCall('/user', 'PUT', tokens.accessToken, { password: newPassword });
  await authCall('/logout?scope=global', 'POST', tokens.accessToken).catch(() => undefined);
  clearRecoveryTokens();
}
