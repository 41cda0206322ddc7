import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { NotificationAccepted, NotificationBody } from '@tracemap/contracts';
import { requireServiceToken } from '@tracemap/service-kit';
import type { IntegrationsDeps } from '../deps';
import { acceptNotification } from './accept-notification';

/** `/internal/notifications`: producers (company, insights, this service) hand in what happened. */
export async function notificationInternalRoutes(parent: FastifyInstance, { deps }: { deps: IntegrationsDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/notifications',
    {
      schema: { body: NotificationBody, response: { 202: NotificationAccepted } },
      preHandler: requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN),
    },
    async (request, reply) => reply.code(202).send(await acceptNotification(deps, request.body)),
  );
}
