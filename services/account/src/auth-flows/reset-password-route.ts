import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AccountDeps } from '../deps';
import { resetPassword } from './reset-password';
import { callContext } from '../routes/call-context';

const Body = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 512 }),
    newPassword: Type.String({ minLength: 1, maxLength: 1024 }),
    logoutDevices: Type.Boolean({ default: true }),
  },
  { additionalProperties: false },
);

export default async function resetPasswordRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.post<{ Body: Static<typeof Body> }>(
    '/api/account/reset-password',
    {
      schema: { body: Body },
      config: { failureMessage: 'Could not reset your password. Try again later.' },
    },
    async (request, reply) => {
      // The token is a credential: keep it out of any Referer.
      reply.header('referrer-policy', 'no-referrer');
      return resetPassword(deps, request.body, callContext(request));
    },
  );
}
