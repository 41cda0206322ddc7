import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  AdminEmailDetailSchema,
  AdminEmailListResponse,
  AdminEmailQuery,
  AdminResendResponse,
  CreatedResponse,
  EmailParams,
  TestEmailBody,
} from '@tracemap/contracts';
import { getEmail } from './get-email';
import { listEmails } from './list-emails';
import { resendEmail } from './resend-email';
import { sendTestEmail } from './send-test-email';
import type { AdminRouteOptions } from '../route-options';

type Params = { Params: Static<typeof EmailParams> };

export default async function adminEmailRoutes(app: FastifyInstance, { context }: AdminRouteOptions) {
  app.get<{ Querystring: Static<typeof AdminEmailQuery> }>(
    '/emails',
    { schema: { querystring: AdminEmailQuery, response: { 200: AdminEmailListResponse } } },
    async (request) => listEmails(context(request), request.query),
  );
  app.get<Params>(
    '/emails/:source/:id',
    { schema: { params: EmailParams, response: { 200: AdminEmailDetailSchema } } },
    async (request) => getEmail(context(request), request.params.source, request.params.id),
  );
  app.post<Params>(
    '/emails/:source/:id/resend',
    { schema: { params: EmailParams, response: { 200: AdminResendResponse } } },
    async (request) => resendEmail(context(request), request.params.source, request.params.id),
  );
  app.post<{ Body: Static<typeof TestEmailBody> }>(
    '/emails/test',
    { schema: { body: TestEmailBody, response: { 201: CreatedResponse } } },
    async (request, reply) => reply.code(201).send(await sendTestEmail(context(request), request.body.to)),
  );
}
