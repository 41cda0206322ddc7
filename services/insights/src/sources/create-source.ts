import { randomUUID } from 'node:crypto';
import type { CreatedSourceResponse, CreateSourceInput } from '@tracemap/contracts';
import type { CompanyActor } from '../core/company-access';
import { tenantTransaction } from '../core/tenant';
import type { InsightsDeps } from '../deps';
import { newIngestKey } from './ingest-key';
import { SOURCE_ERRORS } from './source-errors';
import { insertSource } from './source-repository';

/** What a sealed credential is bound to: the company and source it was given for. */
export const credentialsBinding = (companyId: string, sourceId: string) => `source:${companyId}:${sourceId}`;

/**
 * A new source. A collector gets its ingest key here, answered this once (only its hash is
 * kept); GA4 and Amplitude credentials are sealed before they are stored and never answered.
 */
export async function createSource(
  deps: InsightsDeps,
  actor: CompanyActor,
  input: CreateSourceInput,
): Promise<CreatedSourceResponse> {
  const id = randomUUID();
  const key = input.kind === 'collector' ? newIngestKey() : null;
  let credentials: string | null = null;
  if (input.kind === 'ga4' || input.kind === 'amplitude') {
    if (!deps.secrets) throw SOURCE_ERRORS.credentialsUnavailable();
    credentials = deps.secrets.seal(JSON.stringify(input.credentials), credentialsBinding(actor.companyId, id));
  }
  const source = await tenantTransaction(deps.db, actor.companyId, (db) =>
    insertSource(db, actor.companyId, {
      id,
      kind: input.kind,
      name: input.name.trim(),
      format: input.kind === 'collector' ? (input.format ?? 'auto') : null,
      ingestKeyHash: key?.hash ?? null,
      ingestKeyPrefix: key?.prefix ?? null,
      propertyId: input.kind === 'ga4' ? input.propertyId : null,
      region: input.kind === 'amplitude' ? (input.region ?? 'us') : null,
      credentials,
      createdBy: actor.userId,
    }),
  );
  return key ? { source, ingestKey: key.key } : { source };
}
