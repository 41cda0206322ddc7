import type { ResetPasswordInput } from '@tracemap/contracts';
import { AppError } from '@tracemap/service-kit';
import type { CallContext } from '../clients/auth-api';
import type { AccountDeps } from '../deps';
import { setPasswordResetRequired, upsertProfile } from '../profile/profile-repository';

export const PASSWORD_RESET = 'Your password has been reset. You can now log in with your new password.';

/** The spec surfaces auth's own messages on reset with status 400. */
function asBadRequest(error: unknown): never {
  if (error instanceof AppError && error.statusCode < 500 && error.statusCode !== 429) {
    throw new AppError(400, error.code, error.message);
  }
  throw error;
}

/**
 * Trades the recovery token for a recovery session, sets the new password
 * with it, then ends that session — and with `logoutDevices` every other
 * session too — so the user logs in again with the new password.
 */
export async function resetPassword(
  deps: AccountDeps,
  input: ResetPasswordInput,
  context: CallContext,
): Promise<{ message: string }> {
  const session = await deps.authApi.verifyRecovery(input.token, context).catch(asBadRequest);
  await deps.authApi.updatePassword(session.accessToken, input.newPassword, context).catch(asBadRequest);
  await deps.authApi
    .logout(session.accessToken, input.logoutDevices ? 'global' : 'local', context)
    .catch((error: Error) => {
      // The password is already changed; a failed logout must not report the reset as failed.
      deps.log.warn(
        { err: error.message, requestId: context.requestId },
        'could not end sessions after password reset',
      );
    });
  await upsertProfile(deps.pool, { userId: session.userId, email: session.email });
  await setPasswordResetRequired(deps.pool, session.userId, false);
  deps.syncCache.invalidate(session.userId);
  return { message: PASSWORD_RESET };
}
