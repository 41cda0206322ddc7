import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createAuthAdminApi } from './clients/auth-admin-api';
import { createCompanyAdminApi } from './clients/company-admin-api';
import { createSubscriptionAdminApi } from './clients/subscription-admin-api';
import { requireProductAdmin } from './require-product-admin';
import type { AccountDeps } from '../deps';
import adminsRoute from './users/admins-route';
import adminCompanyRoutes from './companies/routes';
import adminEmailRoutes from './emails/routes';
import adminOverviewRoutes from './overview/routes';
import adminReleaseRoutes from './releases/routes';
import adminRoadmapRoutes from './roadmap/routes';
import adminSupportRoutes from './support/routes';
import adminUserRoutes from './users/routes';

export const ADMIN_PREFIX = '/api/account/admin';

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD /path` of every admin route, so a test can prove each one is gated. */
    adminRoutes: string[];
  }
}

/**
 * The product-admin API. Every route lives in one encapsulated context whose
 * first hook is the product-admin gate, so a route added here cannot forget
 * the check.
 */
async function adminArea(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  const { config, peers } = deps;
  const clients = {
    auth: createAuthAdminApi(peers.auth),
    company: createCompanyAdminApi(peers.company),
    subscription: createSubscriptionAdminApi({ subscriptionUrl: config.SUBSCRIPTION_URL, call: peers.subscription }),
  };
  const registry: string[] = [];
  app.decorate('adminRoutes', registry);

  await app.register(async (admin) => {
    admin.decorateRequest('productAdmin', null);
    admin.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') registry.push(`${method} ${route.url}`);
    });
    admin.addHook('onRequest', requireProductAdmin(app, deps));
    const options = {
      deps,
      context: (request: FastifyRequest) => ({ deps, ...clients, actor: request.productAdmin!, requestId: request.id }),
    };
    for (const routes of [
      adminOverviewRoutes,
      adminUserRoutes,
      adminCompanyRoutes,
      adminEmailRoutes,
      adminRoadmapRoutes,
      adminReleaseRoutes,
      adminSupportRoutes,
    ]) {
      await admin.register(routes, { ...options, prefix: ADMIN_PREFIX });
    }
    await admin.register(adminsRoute, options);
  });
}

export default fp(adminArea, { name: 'admin-area' });
