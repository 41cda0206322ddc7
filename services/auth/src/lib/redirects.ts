/**
 * Decides where an email link may send the browser: the site itself, or an
 * entry of the allow-list (an origin, or a URL prefix). Anything else falls
 * back to the site URL, so a link can never be turned into an open redirect.
 */
export function createRedirectPolicy(siteUrl: string, allowList: string) {
  const site = new URL(siteUrl);
  const entries = allowList
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
    .map((e) => new URL(e));

  function isAllowed(candidate: URL): boolean {
    if (candidate.protocol !== 'http:' && candidate.protocol !== 'https:') return false;
    if (candidate.username || candidate.password) return false;
    if (candidate.origin === site.origin) return true;
    return entries.some((entry) => {
      if (entry.origin !== candidate.origin) return false;
      const prefix = entry.pathname === '/' ? '/' : entry.pathname.replace(/\/?$/, '/');
      return entry.pathname === '/' || candidate.pathname === entry.pathname || candidate.pathname.startsWith(prefix);
    });
  }

  return {
    siteUrl: site.toString(),
    /** The allowed target, or the site URL when none was given or it is not allowed. */
    resolve(requested: string | null | undefined): string {
      if (!requested) return site.toString();
      try {
        const candidate = new URL(requested);
        return isAllowed(candidate) ? candidate.toString() : site.toString();
      } catch {
        return site.toString();
      }
    },
  };
}

export type RedirectPolicy = ReturnType<typeof createRedirectPolicy>;

export function withQuery(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

export function withFragment(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  url.hash = new URLSearchParams(params).toString();
  return url.toString();
}
