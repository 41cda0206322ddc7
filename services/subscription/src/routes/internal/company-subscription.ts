import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireServiceToken } from '@tracemap/service-kit';
import type { SubscriptionConfig } from '../../config';
import { findCompanySubscription } from '../../use-cases/find-company-subscription';

/** What the company service shows as a company's subscription. */
const route: FastifyPluginAsync<{ config: SubscriptionConfig }> = async (app, { config }) => {
  app.get(
    '/internal/companies/:companyId/subscription',
    {
      schema: { params: Type.Object({ companyId: Type.String({ format: 'uuid' }) }, { additionalProperties: false }) },
      preHandler: requireServiceToken(config.INTERNAL_SERVICE_TOKEN),
    },
    async (request) => {
      const { companyId } = request.params as { companyId: string };
      return { subscription: await findCompanySubscription(app.db, companyId) };
    },
  );
};
export default route;
