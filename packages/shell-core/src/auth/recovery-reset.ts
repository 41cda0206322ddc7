// Only the reset-password page uses this, so it is an entry point of its own; the captured tokens
// and the config come through the package entry, shared with the shell that captured them.
import { clearRecoveryTokens, getAppConfig, type RecoveryTokens } from '@tracemap/shell-core';

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
 * (a password reset signs out every device unless told otherwise).
 */
export async function resetWithRecoverySession(tokens: RecoveryTokens, newPassword: string): Promise<void> {
  await authCall('/user', 'PUT', tokens.accessToken, { password: newPassword });
  await authCall('/logout?scope=global', 'POST', tokens.accessToken).catch(() => undefined);
  clearRecoveryTokens();
}
