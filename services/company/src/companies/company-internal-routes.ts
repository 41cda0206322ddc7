import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MyCompaniesResponse, UserIdParams } from '@tracemap/contracts';
import { requireServiceToken } from '@tracemap/service-kit';
import type { CompanyDeps } from '../core/deps';
import { FAILURE } from '../core/messages';
import { listUserCompanies } from './list-user-companies';

/** Service-to-service routes: the gateway never routes /internal/*, and each call carries the shared secret. */
export async function internalRoutes(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const requireService = requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN);

  app.get(
    '/users/:userId/companies',
    {
      schema: { params: UserIdParams, response: { 200: MyCompaniesResponse } },
      config: { failureMessage: FAILURE.internal },
      onRequest: requireService,
    },
    async (request) => listUserCompanies(deps, request.params.userId),
  );
}
