import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CompanyIdParams, PlanSnapshotSchema } from '@tracemap/contracts';
import { requireServiceToken } from '@tracemap/service-kit';
import type { CompanyDeps } from '../../core/deps';
import { FAILURE } from '../../core/messages';
import { NoContent } from '../shared/route-kit';
import { getPlanSnapshot } from './get-plan-snapshot';

/**
 * `GET /internal/companies/:companyId/plan-snapshot`: the whole plan at one
 * version for other services (service token). The version is the ETag; a
 * caller that sends it back in `If-None-Match` gets 304 while nothing changed.
 */
export async function planSnapshotInternalRoutes(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/companies/:companyId/plan-snapshot',
    {
      schema: { params: CompanyIdParams, response: { 200: PlanSnapshotSchema, 304: NoContent } },
      config: { failureMessage: FAILURE.internal },
      onRequest: requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN),
    },
    async (request, reply) => {
      const answer = await getPlanSnapshot(deps, request.params.companyId, request.headers['if-none-match']);
      if (answer.status === 'unchanged') return reply.code(304).header('etag', `"${answer.version}"`).send(null);
      void reply.header('etag', `"${answer.snapshot.version}"`);
      return answer.snapshot;
    },
  );
}
