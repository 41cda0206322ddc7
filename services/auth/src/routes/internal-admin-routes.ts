import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { getOutboxEmail, outboxStats, resendFailedEmail, searchOutbox } from '@tracemap/mailer';
import { AppError, notFound, requireServiceToken } from '@tracemap/service-kit';
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
const OutboxQuery = Type.Object(
  {
    recipient: Type.Optional(Type.String({ maxLength: 320 })),
    template: Type.Optional(Type.String({ maxLength: 100 })),
    status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('sending'), Type.Literal('sent'), Type.Literal('failed')])),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  strict,
);
const EmailParams = Type.Object({ id: Uuid }, strict);

/**
 * What the account service's product-admin area asks of auth: people, their
 * sessions, invitations and this service's outbox. Internal only (service token;
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

  app.get<{ Querystring: Static<typeof OutboxQuery> }>('/internal/outbox', { schema: { querystring: OutboxQuery } }, async (request) => ({
    emails: await searchOutbox(deps.db, 'auth', request.query),
  }));

  app.get('/internal/outbox/stats', async () => outboxStats(deps.db, 'auth'));

  app.get<{ Params: Static<typeof EmailParams> }>('/internal/outbox/:id', { schema: { params: EmailParams } }, async (request) => {
    const email = await getOutboxEmail(deps.db, 'auth', request.params.id);
    if (!email) throw notFound('Email not found', 'email_not_found');
    return email;
  });

  app.post<{ Params: Static<typeof EmailParams> }>('/internal/outbox/:id/resend', { schema: { params: EmailParams } }, async (request) => {
    const result = await resendFailedEmail(deps.db, 'auth', request.params.id);
    if (result.outcome === 'not_found') throw notFound('Email not found', 'email_not_found');
    if (result.outcome === 'not_failed') throw new AppError(409, 'email_not_failed', 'Only a failed email can be resent.');
    deps.onEmailQueued();
    return result;
  });
}
