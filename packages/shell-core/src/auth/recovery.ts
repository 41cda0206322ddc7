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
