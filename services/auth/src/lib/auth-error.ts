import { AppError } from '@tracemap/service-kit';

/**
 * An expected failure in GoTrue's vocabulary. `extra` carries fields the
 * client reads beside the message (e.g. `weak_password.reasons`).
 */
export class AuthError extends AppError {
  readonly extra?: Record<string, unknown>;

  constructor(
    statusCode: number,
    code: string,
    message: string,
    extra?: Record<string, unknown>,
    headers?: Record<string, string>,
  ) {
    super(statusCode, code, message, headers);
    this.name = 'AuthError';
    this.extra = extra;
  }
}

export const authError = (status: number, code: string, message: string, extra?: Record<string, unknown>) =>
  new AuthError(status, code, message, extra);

export const validationFailed = (message: string) => authError(400, 'validation_failed', message);

export const invalidCredentials = () => authError(400, 'invalid_credentials', 'Invalid login credentials');

export const otpExpired = () => authError(403, 'otp_expired', 'Token has expired or is invalid');

export const userNotFound = () => authError(404, 'user_not_found', 'User not found');

export const emailExists = () =>
  authError(422, 'email_exists', 'A user with this email address has already been registered');

export const overEmailSendRateLimit = (seconds: number) =>
  new AuthError(
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${seconds} seconds.`,
    undefined,
    { 'retry-after': String(seconds) },
  );

export const overRequestRateLimit = (seconds: number) =>
  new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', undefined, {
    'retry-after': String(seconds),
  });

export const insufficientAal = () =>
  authError(401, 'insufficient_aal', 'AAL2 session is required to perform this action when MFA is enabled.');
