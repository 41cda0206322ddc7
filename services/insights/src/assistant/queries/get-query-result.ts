import type { StoredQueryResult } from '@tracemap/contracts';
import type { CompanyActor } from '../../core/company-access';
import type { InsightsDeps } from '../../deps';
import { inCompany } from '../../ingest/tenant-transaction';
import { assistantError } from '../assistant-errors';
import { findQuery } from './query-repository';

/** A stored query result, as a reference chip opens it: only for the member whose conversation ran it. */
export async function getQueryResult(
  deps: Pick<InsightsDeps, 'db'>,
  actor: CompanyActor,
  queryId: string,
): Promise<StoredQueryResult> {
  const found = await inCompany(deps.db, actor.companyId, (db) => findQuery(db, actor.userId, queryId));
  if (!found) throw assistantError('query_not_found');
  return found;
}
