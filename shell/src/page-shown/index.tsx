import { useEffect, useSyncExternalStore } from 'react';

// Set once the first page's content has rendered (for static HTML: once it is hydrated), the
// document has loaded and the browser has a quiet moment. Work that can wait (product analytics,
// the support launcher, background watches) starts then, so it competes with neither the page's
// own code nor its images and paint.
let shown = false;
let pending = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs `task` after the load event, when the main thread is idle (soon anyway without idle callbacks). */
function whenLoadedAndIdle(task: () => void): void {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 2000 });
    else setTimeout(task, 0);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

function markShown(): void {
  shown = true;
  // Visible to browser tests and benchmarks: the page is live from here on.
  document.documentElement.dataset.pageShown = 'true';
  [...listeners].forEach((listener) => listener());
}

/** Render beside a page's content: it marks the page as shown once that content is on screen. */
export function PageShown() {
  useEffect(() => {
    if (shown || pending) return;
    pending = true;
    whenLoadedAndIdle(markShown);
  }, []);
  return null;
}

/** Runs `task` once a page has been shown (at once if one has). */
export function afterPageShown(task: () => void): void {
  if (shown) return task();
  const run = () => {
    listeners.delete(run);
    task();
  };
  listeners.add(run);
}

/** False until a page has been shown (and on the hydrating render, like the static HTML). */
export function usePageShown(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => shown,
    () => false,
  );
}
