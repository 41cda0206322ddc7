import { useCallback, useEffect, useState } from 'react';
import type { Finding, Run } from '@tracemap/contracts';
import { getDiscoveryOverview, listFindings, listRuns } from '../api/discovery-api';
import { discoveryKpis, type DiscoveryKpis } from '../logic/kpis';
import { typeSplitsOf } from '../logic/type-splits';

/** The type bars read the type-split findings; past this many pages they stop. */
const MAX_PAGES = 50;
const PAGE = 200;

async function readAll<T>(
  read: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await read(cursor);
    items.push(...answer.items);
    if (!answer.nextCursor) break;
    cursor = answer.nextCursor;
  }
  return items;
}

export interface DiscoveryOverview {
  kpis: DiscoveryKpis;
  /** The newest run, if any: whether discovery has ever been given data. */
  latestRun: Run | null;
  /** Type splits by event and property, for the "since" of the type bars. */
  typeSplits: Map<string, string>;
}

/** The page's figures as the service counts them, and the newest run; `reload` after a run ends or a triage. */
export function useDiscoveryOverview(companyId: string) {
  const [overview, setOverview] = useState<DiscoveryOverview | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    (async () => {
      const [figures, splits, runs] = await Promise.all([
        getDiscoveryOverview(companyId, signal),
        readAll<Finding>((cursor) =>
          listFindings(companyId, { type: 'type_inconsistent', cursor, limit: PAGE }, signal),
        ),
        listRuns(companyId, { limit: 1 }, signal),
      ]);
      if (signal.aborted) return;
      setOverview({
        kpis: discoveryKpis(figures),
        latestRun: runs.items[0] ?? null,
        typeSplits: typeSplitsOf(splits),
      });
      setError(null);
    })().catch((err: unknown) => {
      if (!signal.aborted) setError(err);
    });
    return () => controller.abort();
  }, [companyId, reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { overview, error, reload };
}
