import { randomUUID } from 'node:crypto';
import { inCompany } from '../../../src/ingest/tenant-transaction';
import { credentialsBinding } from '../../../src/sources/create-source';
import { insertSource } from '../../../src/sources/source-repository';
import type { Harness } from '../../support/harness';

/** A GA4 or Amplitude source of the company with its credentials sealed, as an admin's form would leave it. */
export async function addPullSource(
  h: Harness,
  companyId: string,
  kind: 'ga4' | 'amplitude',
  credentials: object,
  propertyId: string | null,
): Promise<string> {
  const id = randomUUID();
  await inCompany(h.deps.db, companyId, (client) =>
    insertSource(client, companyId, {
      id,
      kind,
      name: `${kind} production`,
      format: null,
      ingestKeyHash: null,
      ingestKeyPrefix: null,
      propertyId,
      region: kind === 'amplitude' ? 'us' : null,
      credentials: h.deps.secrets!.seal(JSON.stringify(credentials), credentialsBinding(companyId, id)),
      createdBy: randomUUID(),
    }),
  );
  return id;
}
