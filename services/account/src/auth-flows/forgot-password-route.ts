import type { Static } from '@sinclair/typebox';
import { AccountEmailBody, AccountMessageResponse } from '@tracemap/contracts';
import type { FastifyInstance } from 'fastify';
import type { AccountDeps } from '../deps';
import { requestPasswordReset } from './request-password-reset';
import { callContext } from '../lib/call-context';

export default async function forgotPasswordRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.post<{ Body: Static<typeof AccountEmailBody> }>(
    '/api/account/forgot-password',
    {
      schema: { body: AccountEmailBody, response: { 200: AccountMessageResponse } },
      config: {
        validationMessage: 'A valid email address is required',
        failureMessage: 'Could not send the reset email. Try again later.',
      },
    },
    async (request) => requestPasswordReset(deps, request.body.email, callContext(request)),
  );
}
