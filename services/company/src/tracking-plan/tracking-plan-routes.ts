import type { FastifyInstance } from 'fastify';
import type { CompanyDeps } from '../core/deps';
import { attributeRoutes } from './attributes/attribute-routes';
import { eventRoutes } from './events/event-routes';
import { viewRoutes } from './views/view-routes';
import { mapRoutes } from './maps/map-routes';
import { mapShareRoutes } from './maps/share/share-routes';
import { planRoutes } from './plan/plan-routes';
import { codegenRoutes } from './codegen/codegen-routes';
import { proposalRoutes } from './proposals/proposal-routes';
import { versionRoutes } from './versions/version-routes';

/** The tracking-plan API under `/api/company/:companyId/…`. */
export async function trackingPlanRoutes(app: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  await app.register(attributeRoutes, { deps });
  await app.register(eventRoutes, { deps });
  await app.register(viewRoutes, { deps });
  await app.register(mapRoutes, { deps });
  await app.register(mapShareRoutes, { deps });
  await app.register(planRoutes, { deps });
  await app.register(codegenRoutes, { deps });
  await app.register(proposalRoutes, { deps });
  await app.register(versionRoutes, { deps });
}
