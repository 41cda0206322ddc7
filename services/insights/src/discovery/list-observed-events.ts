import type { ObservedEventPage, ObservedEventsQuery } from '@tracemap/contracts';
import { inCompany } from '../ingest/tenant-transaction';
import type { DiscoveryDeps } from './discovery-deps';
import { listObservedEvents as readObserved } from './observed-events-repository';
import { decodeCursor, DEFAULT_PAGE_SIZE, encodeCursor } from './page-cursor';

/**
 * Plan against reality, a page of events by name: matched, unplanned or planned and never
 * seen; from memory while no change has been announced since it was read (without `pages`, always read).
 */
export async function listObservedEvents(
  deps: Pick<DiscoveryDeps, 'db' | 'pages'>,
  companyId: string,
  query: ObservedEventsQuery,
): Promise<ObservedEventPage> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const after = decodeCursor(query.cursor, 2);
  const read = async (): Promise<ObservedEventPage> => {
    const rows = await inCompany(deps.db, companyId, (client) =>
      readObserved(client, {
        match: query.match,
        q: query.q,
        after: after ? { name: after[0], kind: after[1] } : undefined,
        limit: limit + 1,
      }),
    );
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > limit ? encodeCursor([last.name, last.kind ?? '']) : null };
  };
  return deps.pages ? deps.pages.page(companyId, 'events', { ...query, limit }, read) : read();
}
