import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  CreateSlackSubscriptionBody,
  SlackCompanyParams,
  SlackSubscription,
  SlackSubscriptionList,
  SlackSubscriptionParams,
  UpdateSlackSubscriptionBody,
} from '@tracemap/contracts';
import { actorOf, companyAccess } from '../core/company-access';
import { FAILURE } from '../core/messages';
import type { IntegrationsDeps } from '../deps';
import {
  createSubscription,
  deleteSubscription,
  listChannelSubscriptions,
  updateSubscription,
} from './manage-subscriptions';

const tags = ['slack'];
const config = { failureMessage: FAILURE.slack };

/** `/:companyId/slack/subscriptions`: members read them, owners and admins change them. */
export async function subscriptionRoutes(parent: FastifyInstance, { deps }: { deps: IntegrationsDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/:companyId/slack/subscriptions';

  app.get(
    base,
    {
      schema: { tags, params: SlackCompanyParams, response: { 200: SlackSubscriptionList } },
      config,
      preHandler: companyAccess(deps, { access: 'member' }),
    },
    (request) => listChannelSubscriptions(deps, actorOf(request)),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        params: SlackCompanyParams,
        body: CreateSlackSubscriptionBody,
        response: { 201: SlackSubscription },
      },
      config,
      preHandler: companyAccess(deps, { access: 'admin' }),
    },
    async (request, reply) => reply.code(201).send(await createSubscription(deps, actorOf(request), request.body)),
  );

  app.patch(
    `${base}/:id`,
    {
      schema: {
        tags,
        params: SlackSubscriptionParams,
        body: UpdateSlackSubscriptionBody,
        response: { 200: SlackSubscription },
      },
      config,
      preHandler: companyAccess(deps, { access: 'admin' }),
    },
    (request) => updateSubscription(deps, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    `${base}/:id`,
    {
      schema: { tags, params: SlackSubscriptionParams, response: { 204: Type.Null() } },
      config,
      preHandler: companyAccess(deps, { access: 'admin' }),
    },
    async (request, reply) => {
      await deleteSubscription(deps, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
