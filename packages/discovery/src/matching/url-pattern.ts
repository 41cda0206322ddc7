/**
 * A view's URL pattern as plans write it: `/checkout/:step`, `/p/:slug`,
 * `/docs/*`. `:name` stands for one path segment, a final `*` for the rest of
 * the path. Patterns are compared segment by segment, without a regular
 * expression, so a pattern a user wrote costs time linear in the path.
 */
export interface UrlPattern {
  segments: string[];
  /** Ends with `*`: any further segments match. */
  rest: boolean;
  /** Segments that must be equal: a more literal pattern wins over a more general one. */
  literals: number;
}

function splitPath(url: string): string[] {
  let path = url;
  const scheme = path.indexOf('://');
  if (scheme >= 0) {
    const slash = path.indexOf('/', scheme + 3);
    path = slash >= 0 ? path.slice(slash) : '/';
  }
  let end = path.length;
  const query = path.indexOf('?');
  if (query >= 0) end = query;
  const hash = path.indexOf('#');
  if (hash >= 0 && hash < end) end = hash;
  return path
    .slice(0, end)
    .split('/')
    .filter((segment) => segment.length > 0)
    .map((segment) => segment.toLowerCase());
}

/** Null for an empty pattern or one that is not a path. */
export function compileUrlPattern(pattern: string): UrlPattern | null {
  const trimmed = pattern.trim();
  if (trimmed.length === 0) return null;
  if (!trimmed.startsWith('/') && !trimmed.includes('://')) return null;
  const segments = splitPath(trimmed);
  const rest = segments.length > 0 && segments[segments.length - 1] === '*';
  if (rest) segments.pop();
  const literals = segments.filter((segment) => !segment.startsWith(':') && segment !== '*').length;
  return { segments, rest, literals };
}

/** Whether a path (a view key: a URL path whose id-like segments may read `:id`) fits the pattern. */
export function matchesUrlPattern(pattern: UrlPattern, path: string): boolean {
  const segments = splitPath(path);
  if (pattern.rest ? segments.length < pattern.segments.length : segments.length !== pattern.segments.length)
    return false;
  for (let i = 0; i < pattern.segments.length; i++) {
    const expected = pattern.segments[i];
    if (expected.startsWith(':') || expected === '*') continue;
    if (expected !== segments[i]) return false;
  }
  return true;
}
