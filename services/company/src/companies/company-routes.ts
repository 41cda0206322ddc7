import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CompanyIdBody,
  CompanyInfoResponse,
  CreateCompanyBody,
  CreatedCompanyResponse,
  MyCompaniesResponse,
  UpdatedSettingsResponse,
  UpdateSettingsBody,
} from '@tracemap/contracts';
import type { CompanyDeps } from '../core/deps';
import { IdempotencyKeyHeaders } from '../core/idempotency';
import { FAILURE } from '../core/messages';
import { companyAccess } from '../core/company-access';
import { createCompany } from './create-company';
import { getCompanyInfo } from './get-company-info';
import { listUserCompanies } from './list-user-companies';
import { updateCompanySettings } from './update-company-settings';

export async function companyRoutes(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/create',
    {
      schema: { body: CreateCompanyBody, headers: IdempotencyKeyHeaders, response: { 201: CreatedCompanyResponse } },
      config: { failureMessage: FAILURE.create, audit: 'company.created' },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const outcome = await createCompany(deps, {
        userId: request.auth!.userId,
        name: request.body.name,
        idempotencyKey: request.headers['idempotency-key'],
      });
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(outcome.body);
    },
  );

  app.get(
    '/mine',
    {
      schema: { response: { 200: MyCompaniesResponse } },
      config: { failureMessage: FAILURE.mine },
      preHandler: app.requireUser,
    },
    async (request) => listUserCompanies(deps, request.auth!.userId),
  );

  app.post(
    '/info',
    {
      schema: { body: CompanyIdBody, response: { 200: CompanyInfoResponse } },
      config: { failureMessage: FAILURE.info },
      preHandler: companyAccess(deps, { access: 'member', locate: { from: 'body', field: 'companyId' } }),
    },
    async (request) => getCompanyInfo(deps, { ...request.company!, requestId: request.id }),
  );

  app.post(
    '/update-settings',
    {
      schema: { body: UpdateSettingsBody, response: { 200: UpdatedSettingsResponse } },
      config: { failureMessage: FAILURE.settings, audit: 'company.settings_updated' },
      preHandler: companyAccess(deps, { access: 'admin', locate: { from: 'body', field: 'companyId' } }),
    },
    async (request) => {
      const { companyId, name, ...settings } = request.body;
      return updateCompanySettings(deps, { companyId, userId: request.company!.userId, name, settings });
    },
  );
}
