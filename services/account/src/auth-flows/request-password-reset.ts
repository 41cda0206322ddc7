import type { CallContext } from '../clients/auth-api';
import type { AccountDeps } from '../deps';

export const RESET_REQUESTED = 'If an account exists for this email, we sent a link to reset the password.';

/**
 * Auth sends the reset email and answers alike for unknown addresses, so
 * the reply says nothing about whether the account exists.
 */
export async function requestPasswordReset(
  deps: AccountDeps,
  email: string,
  context: CallContext,
): Promise<{ message: string }> {
  await deps.authApi.recover(email.trim().toLowerCase(), context);
  return { message: RESET_REQUESTED };
}
