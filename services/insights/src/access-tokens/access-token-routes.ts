import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AccessTokenList,
  AccessTokenParams,
  CreateAccessTokenBody,
  CreatedAccessToken,
  NoContentResponse,
} from '@tracemap/contracts';
import type { InsightsDeps } from '../deps';
import { createAccessToken } from './create-access-token';
import { listAccessTokens } from './list-access-tokens';
import { revokeAccessToken } from './revoke-access-token';

const tags = ['access tokens'];
const config = { failureMessage: 'Could not load or change your access tokens. Try again later.' };

const signedIn: preHandlerAsyncHookHandler = (request, reply) => request.server.requireUser(request, reply);

function userIdOf(request: FastifyRequest): string {
  if (!request.auth) throw new Error('requireUser did not run for this route');
  return request.auth.userId;
}

/**
 * A signed-in user's personal access tokens (for MCP clients): their own only, in any of
 * their companies. Creating one needs membership of its company; its secret is answered once.
 */
export async function accessTokenRoutes(parent: FastifyInstance, { deps }: { deps: InsightsDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/access-tokens',
    { schema: { tags, response: { 200: AccessTokenList } }, config, preHandler: signedIn },
    (request) => listAccessTokens(deps, userIdOf(request)),
  );

  app.post(
    '/access-tokens',
    {
      schema: { tags, body: CreateAccessTokenBody, response: { 201: CreatedAccessToken } },
      config,
      preHandler: signedIn,
    },
    async (request, reply) => {
      const created = await createAccessToken(deps, userIdOf(request), request.body, request.id);
      // The secret is in this answer only: nothing on the way may keep it.
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    '/access-tokens/:tokenId',
    { schema: { tags, params: AccessTokenParams, response: { 204: NoContentResponse } }, config, preHandler: signedIn },
    async (request, reply) => {
      await revokeAccessToken(deps, userIdOf(request), request.params.tokenId);
      return reply.code(204).send(null);
    },
  );
}
