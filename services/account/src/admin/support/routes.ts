import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  AdminActionResponse,
  AdminSupportResponse,
  SupportListQuery,
  SupportMessageParams,
  SupportStatusBody,
} from '@tracemap/contracts';
import { listSupportMessages } from './list-support-messages';
import { setSupportStatus } from './set-support-status';
import type { AdminRouteOptions } from '../route-options';

export default async function adminSupportRoutes(app: FastifyInstance, { deps, context }: AdminRouteOptions) {
  app.get<{ Querystring: Static<typeof SupportListQuery> }>(
    '/support',
    { schema: { querystring: SupportListQuery, response: { 200: AdminSupportResponse } } },
    async (request) => listSupportMessages(deps, request.query),
  );
  app.put<{ Params: Static<typeof SupportMessageParams>; Body: Static<typeof SupportStatusBody> }>(
    '/support/:kind/:id/status',
    { schema: { params: SupportMessageParams, body: SupportStatusBody, response: { 200: AdminActionResponse } } },
    async (request) =>
      setSupportStatus(
        context(request),
        request.params.kind === 'bug-reports' ? 'bug_report' : 'feedback',
        request.params.id,
        request.body.status,
      ),
  );
}
