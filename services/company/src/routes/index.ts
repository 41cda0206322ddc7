import type { FastifyInstance } from 'fastify';
import { billingInternalRoutes } from '../billing/billing-internal-routes';
import type { CompanyDeps } from '../deps';
import { mapShareInternalRoutes } from '../tracking-plan/maps/share/share-routes';
import { trackingPlanRoutes } from '../tracking-plan/tracking-plan-routes';
import { adminInternalRoutes } from './admin-internal-routes';
import { companyRoutes } from './company-routes';
import { internalRoutes } from './internal-routes';
import { invitationRoutes } from './invitation-routes';
import { openApiRoutes, registerOpenApi } from './openapi';
import { permissionRoutes } from './permission-routes';

export async function registerRoutes(app: FastifyInstance, deps: CompanyDeps) {
  // Before every route, so the document sees them all.
  await registerOpenApi(app);
  await app.register(companyRoutes, { prefix: '/api/company', deps });
  await app.register(invitationRoutes, { prefix: '/api/company', deps });
  await app.register(permissionRoutes, { prefix: '/api/company', deps });
  await app.register(trackingPlanRoutes, { prefix: '/api/company', deps });
  await app.register(openApiRoutes, { prefix: '/api/company' });
  await app.register(internalRoutes, { prefix: '/internal', deps });
  await app.register(mapShareInternalRoutes, { prefix: '/internal', deps });
  await app.register(adminInternalRoutes, { prefix: '/internal', deps });
  await app.register(billingInternalRoutes, { prefix: '/internal', deps });
}
