import { randomUUID } from 'node:crypto';
import type { CreateDestinationBody, DestinationView } from '@tracemap/contracts';
import type { CompanyActor } from '../../core/company-access';
import { tenantTransaction } from '../../core/tenant';
import type { IntegrationsDeps } from '../../deps';
import { DESTINATION_ROUTE_ERRORS } from './destination-errors';
import { destinationView, requireDestination, sealCredentials, withNameCheck } from './destination-repository';

/** A new destination of the company, its credentials sealed before they reach the database. */
export async function createDestination(
  deps: Pick<IntegrationsDeps, 'db' | 'secrets'>,
  actor: CompanyActor,
  body: CreateDestinationBody,
): Promise<DestinationView> {
  if (body.settings.kind !== body.type || body.credentials.kind !== body.type)
    throw DESTINATION_ROUTE_ERRORS.kindMismatch();
  const id = randomUUID();
  const sealed = sealCredentials(deps.secrets, id, body.credentials);
  const mode = body.mode ?? body.settings.mode ?? 'upsert';
  const { mode: _ignored, ...settings } = body.settings;
  return withNameCheck(() =>
    tenantTransaction(deps.db, actor.companyId, async (client) => {
      await client.query(
        `INSERT INTO integrations.destinations (id, company_id, kind, name, mode, settings, credentials, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [id, actor.companyId, body.type, body.name.trim(), mode, settings, sealed, actor.userId],
      );
      return destinationView(await requireDestination(client, actor.companyId, id), null);
    }),
  );
}
