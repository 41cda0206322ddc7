import type { FastifyInstance } from 'fastify';
import { AppError } from '@tracemap/service-kit';
import type { CompanyDeps } from '../deps';
import { attributeRoutes } from './attributes/attribute-routes';
import { eventRoutes } from './events/event-routes';
import { viewRoutes } from './views/view-routes';
import { planRoutes } from './plan/plan-routes';

/**
 * The tracking-plan API under `/api/company/:companyId/…`. Errors that carry
 * data for the client (a version conflict's current entity, lint findings)
 * answer with it next to statusCode, code and message.
 */
export async function trackingPlanRoutes(app: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof AppError && error.details) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send({ ...error.details, statusCode: error.statusCode, code: error.code, message: error.message });
    }
    // Everything else is answered by the service's own handler.
    throw error;
  });
  await app.register(attributeRoutes, { deps });
  await app.register(eventRoutes, { deps });
  await app.register(viewRoutes, { deps });
  await app.register(planRoutes, { deps });
}
