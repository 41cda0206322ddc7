import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AdminAuditResponse, AdminOverviewResponse, AdminServicesResponse, AuditQuery } from '@tracemap/contracts';
import { listAuditLog } from '../audit/list-audit-log';
import { checkServices } from '../debug/check-services';
import { raiseTestError } from '../debug/raise-test-error';
import { getOverview } from './get-overview';
import type { AdminRouteOptions } from '../route-options';

export default async function adminOverviewRoutes(app: FastifyInstance, { deps, context }: AdminRouteOptions) {
  app.get('/overview', { schema: { response: { 200: AdminOverviewResponse } } }, async (request) =>
    getOverview(context(request)),
  );
  app.get<{ Querystring: Static<typeof AuditQuery> }>(
    '/audit',
    { schema: { querystring: AuditQuery, response: { 200: AdminAuditResponse } } },
    async (request) => listAuditLog(deps, request.query.limit),
  );
  app.get('/debug/services', { schema: { response: { 200: AdminServicesResponse } } }, async (request) =>
    checkServices(context(request)),
  );
  app.post(
    '/debug/error',
    { config: { failureMessage: 'Test error raised on purpose. Try again later.' } },
    async (request) => raiseTestError(context(request)),
  );
}
