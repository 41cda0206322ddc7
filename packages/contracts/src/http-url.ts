import { Type } from '@sinclair/typebox';

// Whatever the product stores as a web address ends up as a link or an image source somewhere, so
// only schemes a browser will not run as code get in: http(s) addresses and same-site paths.
// `//host` and `/\host` are refused because browsers read both as another site's address.

/** An http(s) address with a host, or a path of this site; no blanks anywhere. */
export const HTTP_URL_PATTERN = '^(https?://[^\\s/?#\\\\]+|/(?![/\\\\]))\\S*$';
export const HTTP_URL_MAX_LENGTH = 2048;
/** Said after the field's name, e.g. "screenshotUrl must be …". */
export const HTTP_URL_MESSAGE = 'must be a web address starting with http:// or https://, or a path starting with /';

const httpUrlRegex = new RegExp(HTTP_URL_PATTERN);

/**
 * The one schema of every stored web address. `errorMessage` replaces the validator's own
 * wording, which would only quote the pattern back to the user.
 */
export const HttpUrl = Type.String({ pattern: HTTP_URL_PATTERN, maxLength: HTTP_URL_MAX_LENGTH, errorMessage: HTTP_URL_MESSAGE });

/** For pages: render a link or an image source only when this holds. */
export function isHttpUrl(value: unknown): value is string {
  return typeof value === 'string' && value.length <= HTTP_URL_MAX_LENGTH && httpUrlRegex.test(value);
}

/** The address when it is safe to render, else undefined (the element then renders without it). */
export const safeHref = (value: string | null | undefined): string | undefined => (isHttpUrl(value) ? value : undefined);
