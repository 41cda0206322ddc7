import { useCallback, useEffect, useRef, useState } from 'react';

export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}

export type PageLoader<T> = (cursor: string | undefined, signal: AbortSignal) => Promise<CursorPage<T>>;

export interface CursorListState<T> {
  items: T[];
  nextCursor: string | null;
  /** True once the first page for the current query has arrived. */
  loaded: boolean;
  loading: boolean;
  error: unknown;
}

const initial = { items: [], nextCursor: null, loaded: false, loading: true, error: null };

/**
 * A discovery list read page by page. `key` names the query: a new key starts
 * over and drops answers to the old one, so a slow answer never overwrites
 * newer rows. `replace` swaps one row in place after a triage action.
 */
export function useCursorList<T>(key: string, load: PageLoader<T>) {
  const [state, setState] = useState<CursorListState<T>>(initial);
  const generation = useRef(0);
  const inflight = useRef<AbortController | null>(null);
  const loader = useRef(load);
  loader.current = load;
  const [reloads, setReloads] = useState(0);

  const fetchPage = useCallback(
    async (cursor: string | undefined) => {
      const mine = ++generation.current;
      inflight.current?.abort();
      const controller = new AbortController();
      inflight.current = controller;
      setState((s) => ({ ...s, loading: true, error: null }));
      try {
        const page = await loader.current(cursor, controller.signal);
        if (mine !== generation.current) return;
        setState((s) => ({
          items: cursor ? [...s.items, ...page.items] : page.items,
          nextCursor: page.nextCursor,
          loaded: true,
          loading: false,
          error: null,
        }));
      } catch (error) {
        if (mine !== generation.current || controller.signal.aborted) return;
        setState((s) => ({ ...s, loading: false, loaded: true, error }));
      }
    },
    // The key stands for everything the loader reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );

  useEffect(() => {
    void fetchPage(undefined);
    return () => inflight.current?.abort();
  }, [fetchPage, reloads]);

  const { loading, nextCursor } = state;
  const loadMore = useCallback(() => {
    if (!loading && nextCursor) void fetchPage(nextCursor);
  }, [loading, nextCursor, fetchPage]);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const replace = useCallback(
    (match: (item: T) => boolean, next: T) =>
      setState((s) => ({ ...s, items: s.items.map((item) => (match(item) ? next : item)) })),
    [],
  );

  return { ...state, loadMore, reload, replace };
}
