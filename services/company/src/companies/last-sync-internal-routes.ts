import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CompanyIdParams, LastSyncAnswer, LastSyncBody } from '@tracemap/contracts';
import { requireServiceToken } from '@tracemap/service-kit';
import type { FastifyInstance } from 'fastify';
import type { CompanyDeps } from '../core/deps';
import { FAILURE } from '../core/messages';
import { moveLastSync } from './move-last-sync';

/** `POST /internal/companies/:companyId/last-sync`: the integrations service moves lastSync (service token). */
export async function lastSyncInternalRoutes(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/companies/:companyId/last-sync',
    {
      schema: { params: CompanyIdParams, body: LastSyncBody, response: { 200: LastSyncAnswer } },
      config: { failureMessage: FAILURE.internal },
      onRequest: requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN),
    },
    (request) => moveLastSync(deps, request.params.companyId, new Date(request.body.at)),
  );
}
