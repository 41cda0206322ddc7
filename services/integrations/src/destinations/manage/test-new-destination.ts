import type { DestinationTestAnswer, TestDestinationBody } from '@tracemap/contracts';
import type { IntegrationsDeps } from '../../deps';
import { DESTINATION_ROUTE_ERRORS } from './destination-errors';
import { testConnection } from './test-destination';

/**
 * "Test connection" from the setup form before anything is saved: the same check and the same
 * answers as for a saved destination, with the settings and credentials as typed. Nothing is stored.
 */
export function testNewDestination(
  deps: Pick<IntegrationsDeps, 'config'>,
  body: TestDestinationBody,
): Promise<DestinationTestAnswer> {
  if (body.settings.kind !== body.type || body.credentials.kind !== body.type)
    throw DESTINATION_ROUTE_ERRORS.kindMismatch();
  return testConnection(deps.config, { settings: body.settings, credentials: body.credentials });
}
