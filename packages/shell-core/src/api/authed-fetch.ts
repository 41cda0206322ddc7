import { ApiError } from './api-error';
import { apiFetch, type ApiFetchOptions } from './api-fetch';
import { currentAccessToken } from '../auth/current-token';
import { handleUnauthorized } from '../auth/handle-unauthorized';

export interface AuthedFetchOptions extends Omit<ApiFetchOptions, 'token'> {
  /** A 401 does not sign the user out or redirect (sync is silent). */
  silent?: boolean;
  /** Use this token instead of the current session's (e.g. right after sign-in). */
  token?: string | null;
}

/**
 * apiFetch with the session's bearer token. A 401 outside silent mode clears the
 * auth state, resets every store and sends the user to /login.
 */
export async function authedFetch<T = unknown>(path: string, options: AuthedFetchOptions = {}): Promise<T> {
  const { silent, token, ...rest } = options;
  const bearer = token !== undefined ? token : await currentAccessToken();
  try {
    return await apiFetch<T>(path, { ...rest, token: bearer });
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 401 && !silent) await handleUnauthorized(error.message);
    throw error;
  }
}
