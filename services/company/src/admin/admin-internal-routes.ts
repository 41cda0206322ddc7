import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CompanyIdParams,
  CompanyNameSchema,
  CompanyRoleSchema,
  IdempotencyKeySchema,
  strictObject as strict,
  UuidSchema as Uuid,
} from '@tracemap/contracts';
import { requireServiceToken } from '@tracemap/service-kit';
import type { FastifyInstance } from 'fastify';
import type { CompanyDeps } from '../core/deps';
import { addMember } from './add-member';
import { getCompanyMembers } from './get-company-members';
import { countCompanies, searchCompanies } from './search-companies';
import { createCompany } from '../companies/create-company';

const SearchQuery = Type.Object(
  { q: Type.String({ maxLength: 200 }), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) },
  strict,
);
const CreateBody = Type.Object(
  { name: CompanyNameSchema, ownerUserId: Uuid, idempotencyKey: Type.Optional(IdempotencyKeySchema) },
  strict,
);
const MemberBody = Type.Object({ userId: Uuid, role: CompanyRoleSchema }, strict);

/**
 * What the account service's product-admin area asks of this service:
 * companies across tenants, their members and creating one for an owner (the
 * outbox's routes come with the service kit). Service token only; the gateway never routes /internal.
 */
export async function adminInternalRoutes(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN));

  app.get('/admin/companies', { schema: { querystring: SearchQuery } }, async (request) =>
    searchCompanies(deps, request.query.q, request.query.limit ?? 20),
  );
  app.get('/admin/companies/stats', async () => countCompanies(deps));
  // For the admin debug page: how long this process has run, and the release it runs when the deployment names one.
  app.get('/admin/about', async () => ({
    version: process.env.APP_VERSION ?? null,
    uptimeSeconds: Math.round(process.uptime()),
  }));
  app.get('/admin/companies/:companyId', { schema: { params: CompanyIdParams } }, async (request) =>
    getCompanyMembers(deps, request.params.companyId),
  );
  app.post(
    '/admin/companies',
    { schema: { body: CreateBody }, config: { audit: 'company.created' } },
    async (request, reply) => {
      const outcome = await createCompany(deps, {
        userId: request.body.ownerUserId,
        name: request.body.name,
        idempotencyKey: request.body.idempotencyKey,
      });
      return reply.code(outcome.statusCode).send(outcome.body);
    },
  );
  app.post(
    '/admin/companies/:companyId/members',
    { schema: { params: CompanyIdParams, body: MemberBody } },
    async (request) => addMember(deps, request.params.companyId, request.body.userId, request.body.role),
  );
}
