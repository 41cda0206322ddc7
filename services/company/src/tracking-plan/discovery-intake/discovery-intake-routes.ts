import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CompanyIdParams, DiscoveryIntakeAnswer, DiscoveryIntakeBody } from '@tracemap/contracts';
import { requireServiceToken } from '@tracemap/service-kit';
import type { CompanyDeps } from '../../core/deps';
import { FAILURE } from '../../core/messages';
import { takeDiscoveryIntake } from './take-discovery-intake';

/**
 * `POST /internal/companies/:companyId/discovery-intake` (service token): the insights
 * service adds what discovery observed to the plan, or marks an event live, for the
 * editor named in the body. Errors are the plan's own (400, 404, 409, 422…).
 */
export async function discoveryIntakeInternalRoutes(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/companies/:companyId/discovery-intake',
    {
      schema: { params: CompanyIdParams, body: DiscoveryIntakeBody, response: { 200: DiscoveryIntakeAnswer } },
      config: { failureMessage: FAILURE.internal },
      onRequest: requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN),
    },
    (request) => takeDiscoveryIntake(deps, request.params.companyId, request.body),
  );
}
