import { lazy, Suspense } from 'react';
import { usePageShown } from '../page-shown';

// The launcher floats over the page and is not part of its content: it loads once the page is
// shown, so the JavaScript the first paint waits for does not carry it.
const Launcher = lazy(() => import('./launcher'));

/** "Report a bug" and "Feedback", on every page of the standard layout and on map previews. */
export function SupportLauncher() {
  const pageShown = usePageShown();
  if (!pageShown) return null;
  return (
    <Suspense fallback={null}>
      <Launcher />
    </Suspense>
  );
}
