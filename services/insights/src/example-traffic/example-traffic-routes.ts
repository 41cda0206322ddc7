import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DiscoveryCompanyParams, ExampleTrafficAccepted } from '@tracemap/contracts';
import { actorOf, companyAccess } from '../core/company-access';
import type { InsightsDeps } from '../deps';
import { uploadDepsOf } from '../ingest/upload-deps';
import { startExampleTraffic } from './start-example-traffic';

/**
 * `POST /:companyId/discovery/example-traffic`: one click fills discovery with
 * traffic for the sample plan. Editors start it, and like an upload it needs a
 * running subscription.
 */
export async function exampleTrafficRoutes(parent: FastifyInstance, { deps }: { deps: InsightsDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const upload = uploadDepsOf(deps);
  app.post(
    '/:companyId/discovery/example-traffic',
    {
      schema: { tags: ['discovery'], params: DiscoveryCompanyParams, response: { 202: ExampleTrafficAccepted } },
      config: { failureMessage: 'Could not start the example traffic. Try again later.' },
      preHandler: companyAccess(deps, { access: 'edit', paid: true }),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const accepted = await startExampleTraffic(upload, { companyId: actor.companyId, userId: actor.userId });
      return reply.code(202).send(accepted);
    },
  );
}
