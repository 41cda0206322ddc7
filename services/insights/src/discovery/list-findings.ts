import type { FindingListQuery, FindingPage } from '@tracemap/contracts';
import { inCompany } from '../ingest/tenant-transaction';
import type { DiscoveryDeps } from './discovery-deps';
import { listFindings as readFindings } from './findings-repository';
import { decodeCursor, DEFAULT_PAGE_SIZE, encodeCursor } from './page-cursor';

/**
 * A page of the company's findings, filtered by type and state, in a stable order; from
 * memory while no change has been announced since it was read (without `pages`, always read).
 */
export async function listFindings(
  deps: Pick<DiscoveryDeps, 'db' | 'pages'>,
  companyId: string,
  query: FindingListQuery,
): Promise<FindingPage> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const after = decodeCursor(query.cursor, 1);
  const read = async (): Promise<FindingPage> => {
    const rows = await inCompany(deps.db, companyId, (client) =>
      readFindings(client, { type: query.type, state: query.state, afterId: after?.[0], limit: limit + 1 }),
    );
    const items = rows.slice(0, limit);
    return { items, nextCursor: rows.length > limit ? encodeCursor([items[items.length - 1].id]) : null };
  };
  return deps.pages ? deps.pages.page(companyId, 'findings', { ...query, limit }, read) : read();
}
