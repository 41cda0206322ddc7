import { useCallback, useEffect, useRef, useState } from 'react';
import { listMaps, type MapListFilters, type MapSummary } from '@tracemap/shell-core/tracking-plan';

const PAGE_SIZE = 60;

interface MapListState {
  items: MapSummary[];
  total: number;
  nextCursor: string | null;
  loaded: boolean;
  loading: boolean;
  error: unknown;
}

const initial: MapListState = { items: [], total: 0, nextCursor: null, loaded: false, loading: true, error: null };

/** The company's maps for a query, a page at a time; an answer to an older query is dropped. */
export function useMapList(companyId: string, query: MapListFilters) {
  const [state, setState] = useState<MapListState>(initial);
  const generation = useRef(0);
  const [reloads, setReloads] = useState(0);
  const queryKey = JSON.stringify(query);

  const fetchPage = useCallback(
    async (cursor: string | undefined, signal?: AbortSignal) => {
      const mine = ++generation.current;
      setState((s) => ({ ...s, loading: true, error: null }));
      try {
        const page = await listMaps(
          companyId,
          { ...(JSON.parse(queryKey) as MapListFilters), limit: PAGE_SIZE, cursor },
          signal,
        );
        if (mine !== generation.current) return;
        setState((s) => ({
          items: cursor ? [...s.items, ...page.items] : page.items,
          total: page.total,
          nextCursor: page.nextCursor,
          loaded: true,
          loading: false,
          error: null,
        }));
      } catch (error) {
        if (mine !== generation.current || signal?.aborted) return;
        setState((s) => ({ ...s, loading: false, loaded: true, error }));
      }
    },
    [companyId, queryKey],
  );

  useEffect(() => {
    const controller = new AbortController();
    void fetchPage(undefined, controller.signal);
    return () => controller.abort();
  }, [fetchPage, reloads]);

  const loadMore = useCallback(() => {
    if (state.nextCursor && !state.loading) void fetchPage(state.nextCursor);
  }, [fetchPage, state.nextCursor, state.loading]);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { ...state, loadMore, reload };
}
