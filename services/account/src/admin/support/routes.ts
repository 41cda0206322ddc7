import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AdminActionResponse, AdminSupportResponse, SupportListQuery, SupportStatusBody } from '@tracemap/contracts';
import { listSupportMessages } from './list-support-messages';
import { setSupportStatus } from './set-support-status';
import type { AdminRouteOptions } from '../route-options';

const MessageParams = Type.Object({ kind: Type.Union([Type.Literal('bug-reports'), Type.Literal('feedback')]), id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });

export default async function adminSupportRoutes(app: FastifyInstance, { deps, context }: AdminRouteOptions) {
  app.get<{ Querystring: Static<typeof SupportListQuery> }>(
    '/support',
    { schema: { querystring: SupportListQuery, response: { 200: AdminSupportResponse } } },
    async (request) => listSupportMessages(deps, request.query),
  );
  app.put<{ Params: Static<typeof MessageParams>; Body: Static<typeof SupportStatusBody> }>(
    '/support/:kind/:id/status',
    { schema: { params: MessageParams, body: SupportStatusBody, response: { 200: AdminActionResponse } } },
    async (request) =>
      setSupportStatus(context(request), request.params.kind === 'bug-reports' ? 'bug_report' : 'feedback', request.params.id, request.body.status),
  );
}
