import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  AuthAdminUserIdParams,
  AuthInternalInviteBody,
  AuthUserCountsResponse,
  AuthUserSearchQuery,
  AuthUserSearchResponse,
  EndedSessionsResponse,
  InvitedUserResponse,
  ProcessAboutResponse,
} from '@tracemap/contracts';
import { requireServiceToken } from '@tracemap/service-kit';
import type { AuthDeps } from '../lib/deps';
import { countUsers } from '../use-cases/admin/count-users';
import { endUserSessions } from '../use-cases/admin/end-user-sessions';
import { searchUsers } from '../use-cases/admin/search-users';
import { inviteUser } from '../use-cases/invite-user';

/**
 * What the account service's product-admin area asks of auth: people, their
 * sessions and invitations (its outbox is served by the service kit).
 * Internal only (service token; the gateway never routes /internal).
 */
export default async function internalAdminRoutes(app: FastifyInstance, { deps }: { deps: AuthDeps }) {
  app.addHook('onRequest', requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN));

  app.get<{ Querystring: Static<typeof AuthUserSearchQuery> }>(
    '/internal/admin/users',
    { schema: { querystring: AuthUserSearchQuery, response: { 200: AuthUserSearchResponse } } },
    async (request) => searchUsers(deps, request.query.q, request.query.limit ?? 20),
  );

  app.get('/internal/admin/users/stats', { schema: { response: { 200: AuthUserCountsResponse } } }, async () =>
    countUsers(deps),
  );

  // For the admin debug page: how long this process has run, and the release it runs when the deployment names one.
  app.get('/internal/admin/about', { schema: { response: { 200: ProcessAboutResponse } } }, async () => ({
    version: process.env.APP_VERSION ?? null,
    uptimeSeconds: Math.round(process.uptime()),
  }));

  app.post<{ Params: Static<typeof AuthAdminUserIdParams> }>(
    '/internal/admin/users/:userId/sessions/end',
    { schema: { params: AuthAdminUserIdParams, response: { 200: EndedSessionsResponse } } },
    async (request) => endUserSessions(deps, request.params.userId),
  );

  app.post<{ Body: Static<typeof AuthInternalInviteBody> }>(
    '/internal/admin/users/invite',
    { schema: { body: AuthInternalInviteBody, response: { 200: InvitedUserResponse } } },
    async (request) => {
      const b = request.body;
      const data: Record<string, string> = {};
      if (b.firstName) data.first_name = b.firstName;
      if (b.lastName) data.last_name = b.lastName;
      const user = await inviteUser(deps, { email: b.email, data, redirectTo: b.redirectTo });
      return { id: user.id, email: user.email };
    },
  );
}
