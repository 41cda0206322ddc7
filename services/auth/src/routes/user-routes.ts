import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  AuthLogoutQuery as LogoutQuery,
  AuthRedirectQuery as RedirectQuery,
  AuthUpdateUserBody as UpdateUserBody,
  AuthUserSchema,
} from '@tracemap/contracts';
import { validationFailed } from '../lib/auth-error';
import type { AuthDeps } from '../lib/deps';
import { requestMeta, requireCaller } from '../lib/request-context';
import { getUser } from '../use-cases/get-user';
import { logOut } from '../use-cases/log-out';
import { updateCurrentUser } from '../use-cases/update-user';

export default async function userRoutes(app: FastifyInstance, { deps }: { deps: AuthDeps }) {
  app.get('/user', { schema: { response: { 200: AuthUserSchema } } }, async (request) =>
    getUser(deps, requireCaller(deps, request).userId),
  );

  app.put<{ Body: Static<typeof UpdateUserBody>; Querystring: Static<typeof RedirectQuery> }>(
    '/user',
    { schema: { body: UpdateUserBody, querystring: RedirectQuery, response: { 200: AuthUserSchema } } },
    async (request) => {
      const caller = requireCaller(deps, request);
      const body = request.body;
      if (body.nonce !== undefined) {
        throw validationFailed(
          'Reauthentication nonces are not supported: send current_password with the new password',
        );
      }
      return updateCurrentUser(
        deps,
        caller,
        {
          email: body.email,
          password: body.password,
          currentPassword: body.current_password,
          data: body.data ?? undefined,
          code_challenge: body.code_challenge,
          code_challenge_method: body.code_challenge_method,
          redirectTo: request.query.redirect_to,
        },
        requestMeta(deps, request),
      );
    },
  );

  app.post<{ Querystring: Static<typeof LogoutQuery> }>(
    '/logout',
    { schema: { querystring: LogoutQuery, response: { 204: Type.Null() } } },
    async (request, reply) => {
      const caller = requireCaller(deps, request);
      await logOut(deps, caller, request.query.scope ?? 'global');
      return reply.code(204).send();
    },
  );
}
