import { createElement, lazy, useEffect, useState, type ComponentType } from 'react';

/** A page in its own chunk that can be asked for before it renders. */
export type LazyPage<P extends object = object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A page in its own chunk (one shared request, retried after a failure). Once its code is
 * there it renders directly: React.lazy suspends on its first render even then, and a
 * Suspense fallback, once shown, holds the page back for up to 300 ms (React's reveal
 * throttle) — most of the time a reload of a logged-in page used to take. Props pass through.
 */
export function lazyPage<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType<P>,
): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (m) => {
        loaded = pick(m);
        return { default: loaded };
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Page(props: P) {
    return createElement(loaded ?? (Lazy as ComponentType<P>), props);
  }
  return Object.assign(Page, { preload });
}

export interface FirstPage {
  ready: boolean;
  promise: Promise<void>;
}

/**
 * Starts loading the page of the address the app was opened at (call it when the remote's
 * routes module loads, so the chunk comes in parallel with the rest).
 */
export function startFirstPage(
  pages: ReadonlyArray<readonly [RegExp, { preload: () => Promise<unknown> }]>,
  pathname: string = window.location.pathname,
): FirstPage {
  const page = pages.find(([pattern]) => pattern.test(pathname))?.[1];
  const first: FirstPage = { ready: !page, promise: Promise.resolve() };
  if (page) {
    first.promise = page.preload().then(
      () => void (first.ready = true),
      // A failed chunk shows through the page's own lazy load (error boundary, Retry).
      () => void (first.ready = true),
    );
  }
  return first;
}

/** Whether the first page's code is there; until then the routes show a plain placeholder, not a Suspense fallback. */
export function useFirstPage(first: FirstPage): boolean {
  const [ready, setReady] = useState(first.ready);
  useEffect(() => {
    if (ready) return;
    let alive = true;
    void first.promise.then(() => alive && setReady(true));
    return () => {
      alive = false;
    };
  }, [first, ready]);
  return ready;
}
