import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { CompanySubscriptionAnswer } from '@tracemap/contracts';
import { requireServiceToken } from '@tracemap/service-kit';
import type { SubscriptionDeps } from '../../deps';
import { countSubscriptionsByStatus } from '../../use-cases/count-subscriptions-by-status';
import { findCompanySubscription } from '../../use-cases/find-company-subscription';
import { startTrial } from '../../use-cases/start-trial';

const Params = Type.Object({ companyId: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
const TrialBody = Type.Object({ creatorUserId: Type.String({ format: 'uuid' }) }, { additionalProperties: false });

/**
 * What other services ask of billing: the subscription the company service shows and gates on,
 * a new company's trial, and the counts the product-admin overview shows.
 */
export default async function internalRoutes(app: FastifyInstance, { deps: { config } }: { deps: SubscriptionDeps }) {
  const deps = () => app.subscriptionService.deps;
  const onRequest = requireServiceToken(config.INTERNAL_SERVICE_TOKEN);

  app.get('/internal/companies/:companyId/subscription', { schema: { params: Params, response: { 200: CompanySubscriptionAnswer } }, onRequest }, async (request) => {
    const { companyId } = request.params as Static<typeof Params>;
    return { subscription: await findCompanySubscription(deps().db, deps().plans, companyId) };
  });

  app.get('/internal/subscriptions/stats', { onRequest }, async () => ({ byStatus: await countSubscriptionsByStatus(deps().db) }));

  // Called by the company service's worker after a company is created; safe to call again.
  app.post('/internal/companies/:companyId/start-trial', { schema: { params: Params, body: TrialBody }, onRequest }, async (request) => {
    const { companyId } = request.params as Static<typeof Params>;
    const { creatorUserId } = request.body as Static<typeof TrialBody>;
    return startTrial(deps(), { companyId, userId: creatorUserId, requestId: request.id });
  });
}
