import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AccountDeps } from '../../deps';
import { setAdmin } from '../../use-cases/set-admin';
import { Uuid } from '../schemas';

const Body = Type.Object({ userId: Uuid, admin: Type.Boolean() }, { additionalProperties: false });

export default async function adminsRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.post<{ Body: Static<typeof Body> }>(
    '/api/account/admins',
    {
      schema: { body: Body },
      preHandler: app.requireUser,
      config: { failureMessage: 'Could not change administrator access. Try again later.' },
    },
    async (request) => setAdmin(deps, request.auth!, request.body, request.id),
  );
}
