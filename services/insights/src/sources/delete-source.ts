import type { CompanyActor } from '../core/company-access';
import { tenantTransaction } from '../core/tenant';
import type { InsightsDeps } from '../deps';
import { SOURCE_ERRORS } from './source-errors';
import { deleteSource as deleteSourceRow } from './source-repository';

/** Removes a source with its key and credentials; a collector's key stops working at once. */
export async function deleteSource(deps: InsightsDeps, actor: CompanyActor, sourceId: string): Promise<void> {
  const deleted = await tenantTransaction(deps.db, actor.companyId, (db) =>
    deleteSourceRow(db, actor.companyId, sourceId),
  );
  if (!deleted) throw SOURCE_ERRORS.notFound();
}
