import { useEffect, useSyncExternalStore } from 'react';

// Set once the first page's content has rendered (for static HTML: once it is hydrated). Work that
// can wait (product analytics) starts then, so it competes with neither the page's own JavaScript
// nor its first paint.
let shown = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Render beside a page's content: it marks the page as shown once that content is on screen. */
export function PageShown() {
  useEffect(() => {
    if (shown) return;
    shown = true;
    // Visible to browser tests and benchmarks: the page is live from here on.
    document.documentElement.dataset.pageShown = 'true';
    [...listeners].forEach((listener) => listener());
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
