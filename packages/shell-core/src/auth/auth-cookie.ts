import type { SessionLike } from './apply-auth-event';

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

/** Seconds before expiry from which the cookie's token is left for the client to refresh. */
const MIN_REMAINING_SECONDS = 30;

function decodeBase64Url(value: string): string {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The session @supabase/ssr keeps in its cookie (`base64-` + base64url JSON, possibly split
 * into `.0`, `.1`, … chunks), when its access token is still good for a while. It lets the
 * shell render a logged-in page before the Supabase client has loaded; the client takes over
 * (refresh, events) as soon as it is there.
 */
export function readCookieSession(cookie: string, nowSeconds = Date.now() / 1000): SessionLike | null {
  const values = new Map<string, string>();
  for (const part of cookie.split(';')) {
    const index = part.indexOf('=');
    if (index > 0) values.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  const base = [...values.keys()].map((name) => /^(sb-.+-auth-token)(\.\d+)?$/.exec(name)?.[1]).find(Boolean);
  if (!base) return null;
  let raw = values.get(base);
  if (raw === undefined) {
    raw = '';
    for (let i = 0; values.has(`${base}.${i}`); i++) raw += values.get(`${base}.${i}`);
  }
  try {
    const decoded = decodeURIComponent(raw);
    const json = decoded.startsWith('base64-') ? decodeBase64Url(decoded.slice('base64-'.length)) : decoded;
    const session = JSON.parse(json) as Partial<SessionLike>;
    if (typeof session.access_token !== 'string' || typeof session.expires_at !== 'number') return null;
    if (session.expires_at - nowSeconds < MIN_REMAINING_SECONDS) return null;
    return session as SessionLike;
  } catch {
    return null;
  }
}

/** The URL carries an auth redirect (PKCE `?code=` or an implicit/error fragment) to process. */
export function hasAuthCallback(search: string, hash: string): boolean {
  const q = new URLSearchParams(search);
  const h = new URLSearchParams(hash.replace(/^#/, ''));
  return q.has('code') || h.has('access_token') || h.has('error_description');
}
