import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  AdminCompanyDetailResponse,
  AdminCompanyListResponse,
  AdminCreateCompanyBody,
  AdminCreateCompanyResponse,
  AdminSearchQuery,
  CompanyIdParams,
  IdempotencyHeaders,
} from '@tracemap/contracts';
import { createCompany } from './create-company';
import { getCompany } from './get-company';
import { searchCompanies } from './search-companies';
import { idempotencyKey } from '../../lib/call-context';
import type { AdminRouteOptions } from '../route-options';

export default async function adminCompanyRoutes(app: FastifyInstance, { context }: AdminRouteOptions) {
  app.get<{ Querystring: Static<typeof AdminSearchQuery> }>(
    '/companies',
    { schema: { querystring: AdminSearchQuery, response: { 200: AdminCompanyListResponse } } },
    async (request) => searchCompanies(context(request), request.query.q, request.query.limit),
  );
  app.post<{ Body: Static<typeof AdminCreateCompanyBody> }>(
    '/companies',
    {
      schema: {
        body: AdminCreateCompanyBody,
        headers: IdempotencyHeaders,
        response: { 201: AdminCreateCompanyResponse },
      },
      config: { failureMessage: 'Could not create the company. Try again later.' },
    },
    async (request, reply) =>
      reply.code(201).send(await createCompany(context(request), request.body, idempotencyKey(request))),
  );
  app.get<{ Params: Static<typeof CompanyIdParams> }>(
    '/companies/:companyId',
    { schema: { params: CompanyIdParams, response: { 200: AdminCompanyDetailResponse } } },
    async (request) => getCompany(context(request), request.params.companyId),
  );
}
