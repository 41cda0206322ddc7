import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireServiceToken } from '@tracemap/service-kit';
import type { AuthDeps } from '../lib/deps';
import { countUsers } from '../use-cases/admin/count-users';
import { endUserSessions } from '../use-cases/admin/end-user-sessions';
import { searchUsers } from '../use-cases/admin/search-users';
import { inviteUser } from '../use-cases/invite-user';

const Uuid = Type.String({ format: 'uuid' });
const strict = { additionalProperties: false } as const;
const UserParams = Type.Object({ userId: Uuid }, strict);
const SearchQuery = Type.Object({ q: Type.String({ maxLength: 320 }), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }, strict);
const InviteBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 320 }),
    firstName: Type.Optional(Type.String({ maxLength: 100 })),
    lastName: Type.Optional(Type.String({ maxLength: 100 })),
    redirectTo: Type.Optional(Type.String({ maxLength: 2048 })),
  },
  strict,
);
/**
 * What the account service's product-admin area asks of auth: people, their
 * sessions and invitations (its outbox is served by the service kit). Internal only (service token;
 * the gateway never routes /internal).
 */
export default async function internalAdminRoutes(app: FastifyInstance, { deps }: { deps: AuthDeps }) {
  app.addHook('onRequest', requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN));

  app.get<{ Querystring: Static<typeof SearchQuery> }>('/internal/admin/users', { schema: { querystring: SearchQuery } }, async (request) =>
    searchUsers(deps, request.query.q, request.query.limit ?? 20),
  );

  app.get('/internal/admin/users/stats', async () => countUsers(deps));

  // For the admin debug page: how long this process has run, and the release it runs when the deployment names one.
  app.get('/internal/admin/about', async () => ({ version: process.env.APP_VERSION ?? null, uptimeSeconds: Math.round(process.uptime()) }));

  app.post<{ Params: Static<typeof UserParams> }>(
    '/internal/admin/users/:userId/sessions/end',
    { schema: { params: UserParams } },
    async (request) => endUserSessions(deps, request.params.userId),
  );

  app.post<{ Body: Static<typeof InviteBody> }>('/internal/admin/users/invite', { schema: { body: InviteBody } }, async (request) => {
    const b = request.body;
    const data: Record<string, string> = {};
    if (b.firstName) data.first_name = b.firstName;
    if (b.lastName) data.last_name = b.lastName;
    const user = await inviteUser(deps, { email: b.email, data, redirectTo: b.redirectTo });
    return { id: user.id, email: user.email };
  });
}
