import type { Static } from '@sinclair/typebox';
import { UpdateNameBody, UpdateNameResponse } from '@tracemap/contracts';
import type { FastifyInstance } from 'fastify';
import type { AccountDeps } from '../deps';
import { NAME_REQUIRED, updateName } from './update-name';

export default async function updateNameRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.post<{ Body: Static<typeof UpdateNameBody> }>(
    '/api/account/update-name',
    {
      schema: { body: UpdateNameBody, response: { 200: UpdateNameResponse } },
      preHandler: app.requireUser,
      config: { validationMessage: NAME_REQUIRED, failureMessage: 'Could not update your name. Try again later.' },
    },
    async (request) => updateName(deps, request.auth!, request.body),
  );
}
