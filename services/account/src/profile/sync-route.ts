import type { FastifyInstance } from 'fastify';
import { AccountNoticeSchema, AccountUserSchema, MESSAGES, SyncQuery } from '@tracemap/contracts';
import type { AccountDeps } from '../deps';
import { syncAccount } from './sync-account';

export default async function syncRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.get(
    '/api/account/sync',
    {
      schema: { querystring: SyncQuery, response: { 200: AccountUserSchema, 205: AccountNoticeSchema } },
      preHandler: app.requireUser,
      config: { failureMessage: 'Could not sync your account. Try again later.' },
    },
    async (request, reply) => {
      const user = await syncAccount(deps, request.auth!, request.id);
      reply.header('cache-control', 'private, no-store');
      if (user.passwordResetRequired) {
        // The client reads the status: a 205 means revoke sessions and send a reset email.
        return reply
          .code(205)
          .send({ statusCode: 205, code: 'password_reset_required', message: MESSAGES.passwordResetRequired });
      }
      return user;
    },
  );
}
