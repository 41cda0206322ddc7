import type { DestinationView, UpdateDestinationBody } from '@tracemap/contracts';
import type { CompanyActor } from '../../core/company-access';
import { tenantTransaction } from '../../core/tenant';
import type { IntegrationsDeps } from '../../deps';
import { latestRuns } from '../runs/run-repository';
import { DESTINATION_ROUTE_ERRORS } from './destination-errors';
import { destinationView, requireDestination, sealCredentials, withNameCheck } from './destination-repository';

/** Renames the destination, changes its mode or settings, or replaces its credentials (the type stays). */
export function updateDestination(
  deps: Pick<IntegrationsDeps, 'db' | 'secrets'>,
  actor: CompanyActor,
  id: string,
  body: UpdateDestinationBody,
): Promise<DestinationView> {
  return withNameCheck(() =>
    tenantTransaction(deps.db, actor.companyId, async (client) => {
      const row = await requireDestination(client, actor.companyId, id, true);
      if (
        (body.settings && body.settings.kind !== row.kind) ||
        (body.credentials && body.credentials.kind !== row.kind)
      )
        throw DESTINATION_ROUTE_ERRORS.kindMismatch();
      const { mode: settingsMode, ...settings } = body.settings ?? row.settings;
      const mode = body.mode ?? settingsMode ?? row.mode;
      const sealed = body.credentials ? sealCredentials(deps.secrets, id, body.credentials) : row.credentials;
      await client.query(
        `UPDATE integrations.destinations
            SET name = $3, mode = $4, settings = $5, credentials = $6, updated_at = now()
          WHERE company_id = $1 AND id = $2`,
        [actor.companyId, id, body.name?.trim() ?? row.name, mode, settings, sealed],
      );
      const runs = await latestRuns(client, actor.companyId);
      return destinationView(await requireDestination(client, actor.companyId, id), runs.get(id) ?? null);
    }),
  );
}
