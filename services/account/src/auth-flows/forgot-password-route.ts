import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AccountDeps } from '../deps';
import { requestPasswordReset } from './request-password-reset';
import { callContext } from '../routes/call-context';
import { Email } from '../routes/schemas';

const Body = Type.Object({ email: Email }, { additionalProperties: false });

export default async function forgotPasswordRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.post<{ Body: Static<typeof Body> }>(
    '/api/account/forgot-password',
    {
      schema: { body: Body },
      config: { validationMessage: 'A valid email address is required', failureMessage: 'Could not send the reset email. Try again later.' },
    },
    async (request) => requestPasswordReset(deps, request.body.email, callContext(request)),
  );
}
