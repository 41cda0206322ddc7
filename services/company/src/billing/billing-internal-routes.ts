import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  BillingContactsAnswer,
  CompanyIdParams,
  CompanyInfoResponse,
  CompanyUserParams,
  MemberRoleAnswer,
  SubscriptionChangedAnswer,
  UserIdBody,
} from '@tracemap/contracts';
import { AppError, requireServiceToken } from '@tracemap/service-kit';
import type { FastifyInstance } from 'fastify';
import type { CompanyDeps } from '../core/deps';
import { FAILURE, MESSAGES } from '../core/messages';
import { tenantTransaction } from '../core/tenant';
import { currentRole } from '../core/company-access';
import { findCompany } from '../core/company-repository';
import { listMemberships } from '../core/membership-repository';
import { getCompanyInfo } from '../companies/get-company-info';

/**
 * What the subscription service asks of companies: the caller's role (it authorizes billing
 * actions with it), company info to answer with after a change, who gets billing emails,
 * and a way to say a company's subscription changed.
 */
export async function billingInternalRoutes(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const onRequest = requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN);
  const config = { failureMessage: FAILURE.internal };

  app.get(
    '/companies/:companyId/members/:userId',
    { schema: { params: CompanyUserParams, response: { 200: MemberRoleAnswer } }, config, onRequest },
    async (request) => {
      const { companyId, userId } = request.params;
      const role = await currentRole(deps, companyId, userId);
      if (!role) throw new AppError(404, 'company_not_found', MESSAGES.companyNotFound);
      return { role };
    },
  );

  app.post(
    '/companies/:companyId/info',
    {
      schema: { params: CompanyIdParams, body: UserIdBody, response: { 200: CompanyInfoResponse } },
      config,
      onRequest,
    },
    async (request) => {
      const { companyId } = request.params;
      const { userId } = request.body;
      const role = await currentRole(deps, companyId, userId);
      if (!role) throw new AppError(404, 'company_not_found', MESSAGES.companyNotFound);
      // Asked right after a billing change: the answer must show it.
      deps.infoCache.invalidate(companyId);
      return getCompanyInfo(deps, { companyId, userId, role, requestId: request.id });
    },
  );

  app.get(
    '/companies/:companyId/billing-contacts',
    { schema: { params: CompanyIdParams, response: { 200: BillingContactsAnswer } }, config, onRequest },
    async (request) => {
      const { companyId } = request.params;
      const found = await tenantTransaction(deps.db, { companyId }, async (client) => ({
        company: await findCompany(client, companyId),
        members: await listMemberships(client, companyId),
      }));
      if (!found.company) throw new AppError(404, 'company_not_found', MESSAGES.companyNotFound);
      const managers = found.members.filter((m) => m.role === 'owner' || m.role === 'admin');
      const profiles = await deps.peers.profiles(
        managers.map((m) => m.userId),
        request.id,
      );
      // Without emails nobody can be told: answer 503 so the caller (a webhook) is retried.
      if (managers.length > 0 && profiles.size === 0)
        throw new AppError(503, 'dependency_unavailable', 'Profiles are unavailable');
      return {
        companyName: found.company.name,
        contacts: managers.flatMap((m) => {
          const profile = profiles.get(m.userId);
          // Account gives an unnamed user an empty name; emails greet them without one.
          return profile?.email ? [{ email: profile.email, firstName: profile.firstName || null }] : [];
        }),
      };
    },
  );

  app.post(
    '/companies/:companyId/subscription-changed',
    { schema: { params: CompanyIdParams, response: { 200: SubscriptionChangedAnswer } }, config, onRequest },
    async (request) => {
      const { companyId } = request.params;
      deps.infoCache.invalidate(companyId);
      deps.subscriptions.invalidate(companyId);
      return { ok: true as const };
    },
  );
}
