import type { FastifyInstance } from 'fastify';
import type { AccountDeps } from '../deps';
import { revokeSessions } from './revoke-sessions';
import { callContext } from '../routes/call-context';
import { NoBody } from '../routes/schemas';

export default async function revokeSessionsRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.post(
    '/api/account/revoke-sessions',
    {
      schema: { body: NoBody },
      // The call has no payload: a bodiless POST is the same as `{}`, anything more is refused.
      preValidation: async (request) => {
        request.body ??= {};
      },
      preHandler: app.requireUser,
      config: { failureMessage: 'Could not sign you out everywhere. Try again later.' },
    },
    async (request) => {
      await revokeSessions(deps, request.auth!, callContext(request), app.sessionCache);
      return { revoked: true };
    },
  );
}
