import { useCallback, useEffect, useState } from 'react';
import type { Finding, ObservedEventItem, Run } from '@tracemap/contracts';
import { listFindings, listObservedEvents, listRuns } from '../api/discovery-api';
import { discoveryKpis, type DiscoveryKpis } from '../logic/kpis';
import { typeSplitsOf } from '../logic/type-splits';

/** The KPIs read whole lists; past this many pages they stop and say the figures are partial. */
const MAX_PAGES = 50;
const PAGE = 200;

async function readAll<T>(
  read: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>,
): Promise<{ items: T[]; complete: boolean }> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await read(cursor);
    items.push(...answer.items);
    if (!answer.nextCursor) return { items, complete: true };
    cursor = answer.nextCursor;
  }
  return { items, complete: false };
}

export interface DiscoveryOverview {
  kpis: DiscoveryKpis;
  /** False when a list was longer than the KPIs read. */
  complete: boolean;
  /** The newest run, if any: whether discovery has ever been given data. */
  latestRun: Run | null;
  /** Type splits by event and property, for the "since" of the type bars. */
  typeSplits: Map<string, string>;
}

/** KPIs over the whole plan-against-reality list and the open findings; `reload` after a run ends or a triage. */
export function useDiscoveryOverview(companyId: string) {
  const [overview, setOverview] = useState<DiscoveryOverview | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    (async () => {
      const [events, open, splits, runs] = await Promise.all([
        readAll<ObservedEventItem>((cursor) => listObservedEvents(companyId, { cursor, limit: PAGE }, signal)),
        readAll<Finding>((cursor) => listFindings(companyId, { state: 'open', cursor, limit: PAGE }, signal)),
        readAll<Finding>((cursor) =>
          listFindings(companyId, { type: 'type_inconsistent', cursor, limit: PAGE }, signal),
        ),
        listRuns(companyId, { limit: 1 }, signal),
      ]);
      if (signal.aborted) return;
      setOverview({
        kpis: discoveryKpis(events.items, open.items),
        complete: events.complete && open.complete,
        latestRun: runs.items[0] ?? null,
        typeSplits: typeSplitsOf(splits.items),
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
