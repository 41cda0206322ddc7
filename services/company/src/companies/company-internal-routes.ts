import { Type, type Static } from '@sinclair/typebox';
import { requireServiceToken } from '@tracemap/service-kit';
import type { FastifyInstance } from 'fastify';
import type { CompanyDeps } from '../core/deps';
import { FAILURE } from '../core/messages';
import { listUserCompanies } from './list-user-companies';
import { Id, strict } from '../core/schemas';

const UserParams = Type.Object({ userId: Id }, strict);

/** Service-to-service routes: the gateway never routes /internal/*, and each call carries the shared secret. */
export async function internalRoutes(app: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const requireService = requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN);

  app.get(
    '/users/:userId/companies',
    { schema: { params: UserParams }, config: { failureMessage: FAILURE.internal }, onRequest: requireService },
    async (request) => listUserCompanies(deps, (request.params as Static<typeof UserParams>).userId),
  );
}
