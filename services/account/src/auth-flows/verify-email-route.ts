import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AccountDeps } from '../deps';
import { refreshEmailConfirmation } from './refresh-email-confirmation';
import { Email } from '../routes/schemas';

const Body = Type.Object({ email: Email }, { additionalProperties: false });

export default async function verifyEmailRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.post<{ Body: Static<typeof Body> }>(
    '/api/account/verify-email',
    {
      schema: { body: Body },
      preHandler: app.requireUser,
      config: { validationMessage: 'A valid email address is required', failureMessage: 'Could not confirm your email. Try again later.' },
    },
    async (request) => refreshEmailConfirmation(deps, request.auth!, request.body.email, request.id),
  );
}
