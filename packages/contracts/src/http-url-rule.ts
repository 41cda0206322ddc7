// Whatever the product stores as a web address ends up as a link or an image source somewhere, so
// only schemes a browser will not run as code get in: http(s) addresses and same-site paths.
// `//host` and `/\host` are refused because browsers read both as another site's address.
// Kept free of the schema library so pages can check addresses without bundling it.

/** An http(s) address with a host, or a path of this site; no blanks anywhere. */
export const HTTP_URL_PATTERN = '^(https?://[^\\s/?#\\\\]+|/(?![/\\\\]))\\S*$';
export const HTTP_URL_MAX_LENGTH = 2048;
/** Said after the field's name, e.g. "screenshotUrl must be …". */
export const HTTP_URL_MESSAGE = 'must be a web address starting with http:// or https://, or a path starting with /';

const httpUrlRegex = new RegExp(HTTP_URL_PATTERN);

/** For pages: render a link, an image source or a redirect only when this holds. */
export function isHttpUrl(value: unknown): value is string {
  return typeof value === 'string' && value.length <= HTTP_URL_MAX_LENGTH && httpUrlRegex.test(value);
}

/** The address when it is safe to render, else undefined (the element then renders without it). */
export const safeHref = (value: string | null | undefined): string | undefined =>
  isHttpUrl(value) ? value : undefined;
