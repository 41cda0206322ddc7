import type { SourceListResponse } from '@tracemap/contracts';
import type { CompanyActor } from '../core/company-access';
import { tenantTransaction } from '../core/tenant';
import type { InsightsDeps } from '../deps';
import { listSources as listSourceRows } from './source-repository';

/** The company's sources, oldest first; keys and credentials are never part of the answer. */
export async function listSources(deps: InsightsDeps, actor: CompanyActor): Promise<SourceListResponse> {
  return { items: await tenantTransaction(deps.db, actor.companyId, (db) => listSourceRows(db, actor.companyId)) };
}
