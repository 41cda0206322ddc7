import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AccountDeps } from '../deps';
import { notifyAlreadyRegistered } from './notify-already-registered';
import { Email } from '../routes/schemas';

const Body = Type.Object({ email: Email }, { additionalProperties: false });

export default async function alreadyRegisteredRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.post<{ Body: Static<typeof Body> }>(
    '/api/account/already-registered',
    {
      schema: { body: Body },
      config: { validationMessage: 'A valid email address is required', failureMessage: 'Could not complete your registration. Try again later.' },
    },
    async (request) => notifyAlreadyRegistered(deps, request.body.email, request.id),
  );
}
