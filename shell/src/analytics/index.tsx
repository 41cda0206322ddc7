import { lazy, Suspense } from 'react';
import { usePageShown } from '../page-shown';

// The analytics client and its consent notice load once the page is on screen: showing the page
// needs none of it, so it stays out of the JavaScript the first paint waits for.
const LiveAnalytics = lazy(() => import('./live-analytics'));

/** Page views and the consent question, from the moment the first page has been shown. */
export function AnalyticsBridge() {
  const pageShown = usePageShown();
  if (!pageShown) return null;
  return (
    <Suspense fallback={null}>
      <LiveAnalytics />
    </Suspense>
  );
}
