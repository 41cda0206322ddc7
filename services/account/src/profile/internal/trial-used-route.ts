import type { Static } from '@sinclair/typebox';
import { EmptyBody, ProfileUserParams, TrialUsedResponse } from '@tracemap/contracts';
import type { FastifyInstance } from 'fastify';
import { requireServiceToken } from '@tracemap/service-kit';
import type { AccountDeps } from '../../deps';
import { markTrialUsed } from '../mark-trial-used';

/** Billing marks a user's free trial as taken (`trialUsed` in their account). */
export default async function trialUsedRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.post<{ Params: Static<typeof ProfileUserParams> }>(
    '/internal/profiles/:userId/trial-used',
    {
      schema: { params: ProfileUserParams, body: EmptyBody, response: { 200: TrialUsedResponse } },
      onRequest: requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN),
    },
    async (request) => markTrialUsed(deps, request.params.userId, request.id),
  );
}
