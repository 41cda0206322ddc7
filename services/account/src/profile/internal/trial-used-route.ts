import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { EmptyBody, ProfileUserParams, TrialUsedResponse } from '@tracemap/contracts';
import type { FastifyInstance } from 'fastify';
import { requireServiceToken } from '@tracemap/service-kit';
import type { AccountDeps } from '../../deps';
import { markTrialUsed } from '../mark-trial-used';

/** Billing marks a user's free trial as taken (`trialUsed` in their account). */
export default async function trialUsedRoute(parent: FastifyInstance, { deps }: { deps: AccountDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/internal/profiles/:userId/trial-used',
    {
      schema: { params: ProfileUserParams, body: EmptyBody, response: { 200: TrialUsedResponse } },
      onRequest: requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN),
    },
    async (request) => markTrialUsed(deps, request.params.userId, request.id),
  );
}
