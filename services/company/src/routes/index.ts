import type { FastifyInstance } from 'fastify';
import type { CompanyDeps } from '../deps';
import { companyRoutes } from './company-routes';
import { internalRoutes } from './internal-routes';
import { invitationRoutes } from './invitation-routes';
import { permissionRoutes } from './permission-routes';

export async function registerRoutes(app: FastifyInstance, deps: CompanyDeps) {
  await app.register(companyRoutes, { prefix: '/api/company', deps });
  await app.register(invitationRoutes, { prefix: '/api/company', deps });
  await app.register(permissionRoutes, { prefix: '/api/company', deps });
  await app.register(internalRoutes, { prefix: '/internal', deps });
}
