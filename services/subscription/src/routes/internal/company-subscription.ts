import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireServiceToken } from '@tracemap/service-kit';
import type { SubscriptionConfig } from '../../config';
import { findCompanySubscription } from '../../use-cases/find-company-subscription';
import { startTrial } from '../../use-cases/start-trial';

const Params = Type.Object({ companyId: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
const TrialBody = Type.Object({ creatorUserId: Type.String({ format: 'uuid' }) }, { additionalProperties: false });

/** What the company service asks of billing: the subscription it shows and gates on, and a new company's trial. */
export default async function internalRoutes(app: FastifyInstance, { config }: { config: SubscriptionConfig }) {
  const deps = () => app.subscriptionService.deps;
  const onRequest = requireServiceToken(config.INTERNAL_SERVICE_TOKEN);

  app.get('/internal/companies/:companyId/subscription', { schema: { params: Params }, onRequest }, async (request) => {
    const { companyId } = request.params as Static<typeof Params>;
    return { subscription: await findCompanySubscription(deps().db, deps().plans, companyId) };
  });

  // Called by the company service's worker after a company is created; safe to call again.
  app.post('/internal/companies/:companyId/start-trial', { schema: { params: Params, body: TrialBody }, onRequest }, async (request) => {
    const { companyId } = request.params as Static<typeof Params>;
    const { creatorUserId } = request.body as Static<typeof TrialBody>;
    return startTrial(deps(), { companyId, userId: creatorUserId, requestId: request.id });
  });
}
