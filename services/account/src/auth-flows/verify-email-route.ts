import type { Static } from '@sinclair/typebox';
import { AccountEmailBody, VerifyEmailResponse } from '@tracemap/contracts';
import type { FastifyInstance } from 'fastify';
import type { AccountDeps } from '../deps';
import { refreshEmailConfirmation } from './refresh-email-confirmation';

export default async function verifyEmailRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.post<{ Body: Static<typeof AccountEmailBody> }>(
    '/api/account/verify-email',
    {
      schema: { body: AccountEmailBody, response: { 200: VerifyEmailResponse } },
      preHandler: app.requireUser,
      config: {
        validationMessage: 'A valid email address is required',
        failureMessage: 'Could not confirm your email. Try again later.',
      },
    },
    async (request) => refreshEmailConfirmation(deps, request.auth!, request.body.email, request.id),
  );
}
