import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  CompanySubscriptionAnswer,
  StartTrialAnswer,
  StartTrialBody,
  SubscriptionCompanyParams,
  SubscriptionStatsAnswer,
} from '@tracemap/contracts';
import { requireServiceToken } from '@tracemap/service-kit';
import type { SubscriptionDeps } from '../../deps';
import { countSubscriptionsByStatus } from '../../use-cases/count-subscriptions-by-status';
import { findCompanySubscription } from '../../use-cases/find-company-subscription';
import { startTrial } from '../../use-cases/start-trial';

/**
 * What other services ask of billing: the subscription the company service shows and gates on,
 * a new company's trial, and the counts the product-admin overview shows.
 */
export default async function internalRoutes(
  parent: FastifyInstance,
  { deps: { config } }: { deps: SubscriptionDeps },
) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const deps = () => app.subscriptionService.deps;
  const onRequest = requireServiceToken(config.INTERNAL_SERVICE_TOKEN);

  app.get(
    '/internal/companies/:companyId/subscription',
    { schema: { params: SubscriptionCompanyParams, response: { 200: CompanySubscriptionAnswer } }, onRequest },
    async (request) => ({
      subscription: await findCompanySubscription(deps().db, deps().plans, request.params.companyId),
    }),
  );

  app.get(
    '/internal/subscriptions/stats',
    { schema: { response: { 200: SubscriptionStatsAnswer } }, onRequest },
    async () => ({
      byStatus: await countSubscriptionsByStatus(deps().db),
    }),
  );

  // Called by the company service's worker after a company is created; safe to call again.
  app.post(
    '/internal/companies/:companyId/start-trial',
    {
      schema: { params: SubscriptionCompanyParams, body: StartTrialBody, response: { 200: StartTrialAnswer } },
      onRequest,
    },
    async (request) =>
      startTrial(deps(), {
        companyId: request.params.companyId,
        userId: request.body.creatorUserId,
        requestId: request.id,
      }),
  );
}
