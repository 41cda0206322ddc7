import { useCallback, useEffect, useRef, useState } from 'react';
import {
  listPlanEntities,
  PAGE_LIMIT_MAX,
  type EntityKind,
  type PlanEntity,
  type PlanEntityTypes,
} from '@tracemap/shell-core/tracking-plan';

/** Rows per request: the API's largest page, so a fast scroll through thousands rarely waits. */
const PAGE_SIZE = PAGE_LIMIT_MAX;

export interface PlanListState<K extends EntityKind> {
  items: PlanEntity<K>[];
  total: number;
  nextCursor: string | null;
  /** True once the first page for the current query has arrived. */
  loaded: boolean;
  loading: boolean;
  error: unknown;
}

const initial = { items: [], total: 0, nextCursor: null, loaded: false, loading: true, error: null };

/**
 * One list, searched, filtered and sorted on the server and read page by page as the user
 * scrolls. A new query starts over and drops answers to the old one, so a slow response for
 * "ord" can never overwrite the rows for "order".
 */
export function usePlanList<K extends EntityKind>(kind: K, companyId: string, query: PlanEntityTypes[K]['filters']) {
  const [state, setState] = useState<PlanListState<K>>(initial);
  const generation = useRef(0);
  const inflight = useRef<AbortController | null>(null);
  const [reloads, setReloads] = useState(0);
  const queryKey = JSON.stringify(query);

  const fetchPage = useCallback(
    async (cursor: string | undefined) => {
      const mine = ++generation.current;
      inflight.current?.abort();
      const controller = new AbortController();
      inflight.current = controller;
      setState((s) => ({ ...s, loading: true, error: null }));
      try {
        const filters = { ...(JSON.parse(queryKey) as PlanEntityTypes[K]['filters']), limit: PAGE_SIZE, cursor };
        const page = await listPlanEntities(kind, companyId, filters, controller.signal);
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
        if (mine !== generation.current || controller.signal.aborted) return;
        setState((s) => ({ ...s, loading: false, loaded: true, error }));
      }
    },
    [kind, companyId, queryKey],
  );

  useEffect(() => {
    setState((s) => ({ ...s, nextCursor: null }));
    void fetchPage(undefined);
    return () => inflight.current?.abort();
  }, [fetchPage, reloads]);

  const { loading, nextCursor } = state;
  const loadMore = useCallback(() => {
    if (!loading && nextCursor) void fetchPage(nextCursor);
  }, [loading, nextCursor, fetchPage]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  return { ...state, loadMore, reload };
}
