import type { ObservedEvent } from '../observed-event';

/** Stands for a path segment that is an id (a number, a UUID, a code with many digits). */
export const ID_SEGMENT = ':id';

const UUID_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isIdSegment(segment: string): boolean {
  let digits = 0;
  for (let i = 0; i < segment.length; i++) {
    const code = segment.charCodeAt(i);
    if (code >= 48 && code <= 57) digits++;
  }
  if (digits === segment.length) return digits >= 3;
  return digits >= 4 || (segment.length === 36 && UUID_SEGMENT.test(segment));
}

/**
 * The path of a URL (or of a path) without query, fragment or trailing slash,
 * with id-like segments replaced by `:id`, so that one view with many orders
 * or products stays one key: `https://shop.test/orders/12345?x=1` → `/orders/:id`.
 */
export function viewKeyOfUrl(url: string): string {
  let start = 0;
  const scheme = url.indexOf('://');
  if (scheme >= 0) {
    const slash = url.indexOf('/', scheme + 3);
    if (slash < 0) return '/';
    start = slash;
  }
  let end = url.length;
  const query = url.indexOf('?', start);
  if (query >= 0) end = query;
  const hash = url.indexOf('#', start);
  if (hash >= 0 && hash < end) end = hash;
  let path = url.slice(start, end);
  if (path.length === 0 || path.charCodeAt(0) !== 47) path = '/' + path;
  if (path.length > 1 && path.charCodeAt(path.length - 1) === 47) path = path.slice(0, -1);
  if (!/\d/.test(path)) return path;
  return path
    .split('/')
    .map((segment) => (isIdSegment(segment) ? ID_SEGMENT : segment))
    .join('/');
}

/** The view a page or screen event was sent from: its URL path, else its screen name; null for other events. */
export function viewKeyOf(event: ObservedEvent): string | null {
  if (event.kind !== 'page' && event.kind !== 'screen') return null;
  const context = event.context;
  if (event.kind === 'page' && context.url) return viewKeyOfUrl(context.url);
  if (context.screenName) return context.screenName;
  if (context.url) return viewKeyOfUrl(context.url);
  return event.name || null;
}
