import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AddedMemberAnswer,
  AdminCompanyListResponse,
  CompanyAdminCreateBody,
  CompanyAdminMemberBody,
  CompanyAdminSearchQuery,
  CompanyCountsAnswer,
  CompanyIdParams,
  CompanyMembersAnswer,
  CreatedCompanyResponse,
  ProcessAboutResponse,
} from '@tracemap/contracts';
import { requireServiceToken } from '@tracemap/service-kit';
import type { FastifyInstance } from 'fastify';
import type { CompanyDeps } from '../core/deps';
import { addMember } from './add-member';
import { getCompanyMembers } from './get-company-members';
import { countCompanies, searchCompanies } from './search-companies';
import { createCompany } from '../companies/create-company';

/**
 * What the account service's product-admin area asks of this service:
 * companies across tenants, their members and creating one for an owner (the
 * outbox's routes come with the service kit). Service token only; the gateway never routes /internal.
 */
export async function adminInternalRoutes(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN));

  app.get(
    '/admin/companies',
    { schema: { querystring: CompanyAdminSearchQuery, response: { 200: AdminCompanyListResponse } } },
    async (request) => searchCompanies(deps, request.query.q, request.query.limit ?? 20),
  );
  app.get('/admin/companies/stats', { schema: { response: { 200: CompanyCountsAnswer } } }, async () =>
    countCompanies(deps),
  );
  // For the admin debug page: how long this process has run, and the release it runs when the deployment names one.
  app.get('/admin/about', { schema: { response: { 200: ProcessAboutResponse } } }, async () => ({
    version: process.env.APP_VERSION ?? null,
    uptimeSeconds: Math.round(process.uptime()),
  }));
  app.get(
    '/admin/companies/:companyId',
    { schema: { params: CompanyIdParams, response: { 200: CompanyMembersAnswer } } },
    async (request) => getCompanyMembers(deps, request.params.companyId),
  );
  app.post(
    '/admin/companies',
    {
      schema: { body: CompanyAdminCreateBody, response: { 201: CreatedCompanyResponse } },
      config: { audit: 'company.created' },
    },
    async (request, reply) => {
      const outcome = await createCompany(deps, {
        userId: request.body.ownerUserId,
        name: request.body.name,
        idempotencyKey: request.body.idempotencyKey,
      });
      return reply.code(201).send(outcome.body);
    },
  );
  app.post(
    '/admin/companies/:companyId/members',
    { schema: { params: CompanyIdParams, body: CompanyAdminMemberBody, response: { 200: AddedMemberAnswer } } },
    async (request) => addMember(deps, request.params.companyId, request.body.userId, request.body.role),
  );
}
