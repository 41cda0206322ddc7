/**
 * Whether the browser holds a Supabase session cookie (`sb-<host>-auth-token`, possibly chunked
 * as `.0`, `.1`, …). Without one the shell knows the visitor is anonymous without loading the
 * Supabase client, which keeps `@supabase/ssr` out of the first render of public pages.
 */
export function hasAuthCookie(cookie: string): boolean {
  return cookie
    .split(';')
    .map((part) => part.trim().split('=')[0])
    .some((name) => /^sb-.+-auth-token(\.\d+)?$/.test(name));
}

/** The URL carries an auth redirect (PKCE `?code=` or an implicit/error fragment) to process. */
export function hasAuthCallback(search: string, hash: string): boolean {
  const q = new URLSearchParams(search);
  const h = new URLSearchParams(hash.replace(/^#/, ''));
  return q.has('code') || h.has('access_token') || h.has('error_description');
}
