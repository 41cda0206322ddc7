import type { Static } from '@sinclair/typebox';
import { AccountEmailBody, AccountMessageResponse } from '@tracemap/contracts';
import type { FastifyInstance } from 'fastify';
import type { AccountDeps } from '../deps';
import { notifyAlreadyRegistered } from './notify-already-registered';

export default async function alreadyRegisteredRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.post<{ Body: Static<typeof AccountEmailBody> }>(
    '/api/account/already-registered',
    {
      schema: { body: AccountEmailBody, response: { 200: AccountMessageResponse } },
      config: {
        validationMessage: 'A valid email address is required',
        failureMessage: 'Could not complete your registration. Try again later.',
      },
    },
    async (request) => notifyAlreadyRegistered(deps, request.body.email, request.id),
  );
}
