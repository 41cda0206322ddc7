import { Type } from '@sinclair/typebox';
import { HTTP_URL_MAX_LENGTH, HTTP_URL_MESSAGE, HTTP_URL_PATTERN } from './http-url-rule';

export * from './http-url-rule';

/**
 * The one schema of every stored web address. `errorMessage` replaces the validator's own
 * wording, which would only quote the pattern back to the user.
 */
export const HttpUrl = Type.String({
  pattern: HTTP_URL_PATTERN,
  maxLength: HTTP_URL_MAX_LENGTH,
  errorMessage: HTTP_URL_MESSAGE,
});
