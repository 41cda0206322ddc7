import type { FastifyInstance } from 'fastify';
import { EmptyBody, RevokeSessionsResponse } from '@tracemap/contracts';
import type { AccountDeps } from '../deps';
import { revokeSessions } from './revoke-sessions';
import { callContext } from '../lib/call-context';

export default async function revokeSessionsRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.post(
    '/api/account/revoke-sessions',
    {
      schema: { body: EmptyBody, response: { 200: RevokeSessionsResponse } },
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
