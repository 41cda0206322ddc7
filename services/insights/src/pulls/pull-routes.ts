import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { PullAccepted, SourcePathParams } from '@tracemap/contracts';
import { actorOf, companyAccess } from '../core/company-access';
import { FAILURE } from '../core/messages';
import type { InsightsDeps } from '../deps';

/**
 * `POST /:companyId/discovery/sources/:sourceId/pull`: an admin pulls a GA4 or Amplitude
 * source now (a running subscription needed); answered with the run at once, read off the
 * request path.
 */
export async function pullRoutes(parent: FastifyInstance, { deps }: { deps: InsightsDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/:companyId/discovery/sources/:sourceId/pull',
    {
      schema: { tags: ['sources'], params: SourcePathParams, response: { 202: PullAccepted } },
      config: { failureMessage: FAILURE.sources },
      preHandler: companyAccess(deps, { access: 'admin', paid: true }),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const accepted = await deps.pulls.runner.start({
        companyId: actor.companyId,
        sourceId: request.params.sourceId,
        userId: actor.userId,
      });
      return reply.code(202).send(accepted);
    },
  );
}
