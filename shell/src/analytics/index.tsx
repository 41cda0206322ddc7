import { lazy, Suspense } from 'react';
import { CONSENT_KEY } from '@tracemap/shell-core/analytics-consent';
import { usePageShown } from '../page-shown';

// The analytics client and its consent notice stay out of the JavaScript the first paint waits for;
// the notice shows once the page is on screen.
const loadLiveAnalytics = () => import('./live-analytics');
const LiveAnalytics = lazy(loadLiveAnalytics);

// A visitor who already agreed may read a page for a second and leave: waiting for the page to be
// shown would lose that visit, so the client is fetched now, beside the page's own code (nothing
// waits for it), and queues the page view as soon as it runs.
try {
  if (localStorage.getItem(CONSENT_KEY) === 'granted') void loadLiveAnalytics();
} catch {
  // Storage refused (private mode, blocked cookies): analytics then waits for the page like before.
}

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
