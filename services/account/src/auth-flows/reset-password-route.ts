import type { Static } from '@sinclair/typebox';
import { AccountMessageResponse, ResetPasswordBody } from '@tracemap/contracts';
import type { FastifyInstance } from 'fastify';
import type { AccountDeps } from '../deps';
import { resetPassword } from './reset-password';
import { callContext } from '../lib/call-context';

export default async function resetPasswordRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.post<{ Body: Static<typeof ResetPasswordBody> }>(
    '/api/account/reset-password',
    {
      schema: { body: ResetPasswordBody, response: { 200: AccountMessageResponse } },
      config: { failureMessage: 'Could not reset your password. Try again later.' },
    },
    async (request, reply) => {
      // The token is a credential: keep it out of any Referer.
      reply.header('referrer-policy', 'no-referrer');
      return resetPassword(deps, request.body, callContext(request));
    },
  );
}
