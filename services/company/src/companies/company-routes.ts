import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { CompanyInfoResponse, LintSettingsSchema, MapEmbedOriginsSchema, OptionalNullable } from '@tracemap/contracts';
import type { CompanyDeps } from '../core/deps';
import { FAILURE } from '../core/messages';
import { companyAccess } from '../core/company-access';
import { createCompany } from './create-company';
import { getCompanyInfo } from './get-company-info';
import { listUserCompanies } from './list-user-companies';
import { updateCompanySettings } from './update-company-settings';
import { CompanyIdBody, CompanyName, Id, IdempotencyHeaders, NameCase, strict } from '../core/schemas';

const CreateBody = Type.Object({ name: CompanyName }, strict);
const SettingsBody = Type.Object(
  {
    companyId: Id,
    // Each may be left out or sent as null: either way it stays as it is.
    name: OptionalNullable(CompanyName),
    attributeInheritance: OptionalNullable(Type.Boolean()),
    eventNameCase: OptionalNullable(NameCase),
    attributeNameCase: OptionalNullable(NameCase),
    /** Severity per tracking-plan lint rule; replaces the previous set as a whole. */
    lintRules: OptionalNullable(LintSettingsSchema),
    /** Origins (http or https, no path) whose pages may frame map previews; replaces the previous list. */
    mapEmbedOrigins: OptionalNullable(MapEmbedOriginsSchema),
  },
  strict,
);

export async function companyRoutes(app: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  app.post(
    '/create',
    { schema: { body: CreateBody, headers: IdempotencyHeaders }, config: { failureMessage: FAILURE.create, audit: 'company.created' }, preHandler: app.requireUser },
    async (request, reply) => {
      const outcome = await createCompany(deps, {
        userId: request.auth!.userId,
        name: (request.body as Static<typeof CreateBody>).name,
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      });
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(outcome.statusCode).send(outcome.body);
    },
  );

  app.get('/mine', { config: { failureMessage: FAILURE.mine }, preHandler: app.requireUser }, async (request) =>
    listUserCompanies(deps, request.auth!.userId),
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

  app.post<{ Body: Static<typeof SettingsBody> }>(
    '/update-settings',
    {
      schema: { body: SettingsBody },
      config: { failureMessage: FAILURE.settings, audit: 'company.settings_updated' },
      preHandler: companyAccess(deps, { access: 'admin', locate: { from: 'body', field: 'companyId' } }),
    },
    async (request) => {
      const { companyId, name, ...settings } = request.body;
      return updateCompanySettings(deps, { companyId, userId: request.company!.userId, name, settings });
    },
  );
}
