import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CurrentReleasesResponse } from '@tracemap/contracts';
import type { FastifyInstance } from 'fastify';
import { requireServiceToken } from '@tracemap/service-kit';
import type { AccountDeps } from '../../deps';
import { listCurrentReleases } from './list-current-releases';

/**
 * The gateway builds `/remotes.json` from this. Internal: the gateway does not forward /internal,
 * and the service token is required.
 */
export default async function currentReleasesRoute(parent: FastifyInstance, { deps }: { deps: AccountDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/internal/releases/current',
    {
      schema: { response: { 200: CurrentReleasesResponse } },
      onRequest: requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN),
    },
    async () => listCurrentReleases(deps.pool),
  );
}
