import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AccountDeps } from '../deps';
import { NAME_REQUIRED, updateName } from './update-name';

// Names reach email greetings and tables: `nameText` refuses control and text-direction characters.
const Name = Type.String({ maxLength: 100, nameText: true });
const Body = Type.Object({ firstName: Name, lastName: Name }, { additionalProperties: false });

export default async function updateNameRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.post<{ Body: Static<typeof Body> }>(
    '/api/account/update-name',
    {
      schema: { body: Body },
      preHandler: app.requireUser,
      config: { validationMessage: NAME_REQUIRED, failureMessage: 'Could not update your name. Try again later.' },
    },
    async (request) => updateName(deps, request.auth!, request.body),
  );
}
