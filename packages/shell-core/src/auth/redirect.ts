/** Where a login without a (valid) redirect parameter lands. */
export const DEFAULT_AFTER_LOGIN = '/company';

/** `/login?redirect=<previous path, URL-encoded>`, so the user comes back after signing in. */
export function loginPathFor(previousPath: string): string {
  if (!previousPath || previousPath === '/' || previousPath.startsWith('/login')) return '/login';
  return `/login?redirect=${encodeURIComponent(previousPath)}`;
}

/**
 * The in-app path a `redirect` parameter may send the user to after login. Only same-origin
 * absolute paths are accepted (no `//host`, no scheme, no backslash tricks), never the auth pages.
 */
export function safeRedirect(param: string | null | undefined, fallback: string = DEFAULT_AFTER_LOGIN): string {
  if (!param) return fallback;
  if (!param.startsWith('/') || param.startsWith('//') || param.includes('\\')) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f]/.test(param)) return fallback;
  try {
    const url = new URL(param, 'http://tracemap.invalid');
    if (url.origin !== 'http://tracemap.invalid') return fallback;
    if (/^\/(login|register|forgot-password|reset-password)(\/|$)/.test(url.pathname)) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
