import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireServiceToken } from '@tracemap/service-kit';
import type { AccountDeps } from '../../deps';
import { markTrialUsed } from '../mark-trial-used';
import { NoBody, Uuid } from '../../routes/schemas';

const Params = Type.Object({ userId: Uuid }, { additionalProperties: false });

/** Billing marks a user's free trial as taken (`trialUsed` in their account). */
export default async function trialUsedRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.post<{ Params: Static<typeof Params> }>(
    '/internal/profiles/:userId/trial-used',
    { schema: { params: Params, body: NoBody }, onRequest: requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN) },
    async (request) => markTrialUsed(deps, request.params.userId, request.id),
  );
}
