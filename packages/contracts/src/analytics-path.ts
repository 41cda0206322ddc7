// Kept apart from the analytics schemas so the browser's analytics client can use it without
// bundling the schema library.

const UTM_PARAMETER = /^utm_[^=]*(=|$)/;

/**
 * A path as product analytics keeps it: no fragment, and of the query string only the `utm_*`
 * parameters. Anything else in a query (reset and confirmation tokens, share-link codes, search
 * text) may identify a person or grant access, so it never reaches the collector's table.
 */
export function analyticsPath(path: string): string {
  const withoutFragment = path.split('#', 1)[0];
  const queryStart = withoutFragment.indexOf('?');
  if (queryStart < 0) return withoutFragment;
  const kept = withoutFragment
    .slice(queryStart + 1)
    .split('&')
    .filter((parameter) => UTM_PARAMETER.test(parameter));
  const pathname = withoutFragment.slice(0, queryStart);
  return kept.length > 0 ? `${pathname}?${kept.join('&')}` : pathname;
}
