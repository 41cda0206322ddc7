/** The shape of every API error. */
export interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
}

/** The product's error messages, shown by the frontends as they are. */
export const MESSAGES = {
  sessionExpired: 'Your session has expired. Please log in again.',
  notLoggedIn: 'You must be logged in to access this page.',
  badCredentials: 'Email or password are invalid',
  passwordResetRequired: 'Your password must be reset before you can continue.',
  passwordMustBeReset: 'Your password must be reset.',
  loginFailed: 'Login failed. Please try again.',
  invitationUsedOrExpired: 'Your one time verification code was already used or has expired.',
  nameRequired: 'First name and last name are required',
  companyIdRequired: 'companyId required',
  pageNotFound: (path: string) => `Page not found: ${path}`,
} as const;
