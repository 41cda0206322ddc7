import type { RotatedKeyResponse } from '@tracemap/contracts';
import type { CompanyActor } from '../core/company-access';
import { tenantTransaction } from '../core/tenant';
import type { InsightsDeps } from '../deps';
import { newIngestKey } from './ingest-key';
import { SOURCE_ERRORS } from './source-errors';
import { findSource, replaceIngestKey } from './source-repository';

/** A collector's new key, answered once; the old one is refused from this moment. */
export async function rotateIngestKey(
  deps: InsightsDeps,
  actor: CompanyActor,
  sourceId: string,
): Promise<RotatedKeyResponse> {
  const key = newIngestKey();
  const source = await tenantTransaction(deps.db, actor.companyId, async (db) => {
    const found = await findSource(db, actor.companyId, sourceId);
    if (!found) throw SOURCE_ERRORS.notFound();
    if (found.kind !== 'collector') throw SOURCE_ERRORS.notACollector();
    return replaceIngestKey(db, actor.companyId, sourceId, key);
  });
  if (!source) throw SOURCE_ERRORS.notFound();
  return { source, ingestKey: key.key };
}
