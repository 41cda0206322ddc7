import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  AdminActionResponse,
  AdminCreateUserBody,
  AdminCreateUserResponse,
  AdminSearchQuery,
  AdminUserDetailResponse,
  AdminUserListResponse,
  FlagBody,
  IdempotencyHeaders,
  UserIdParams,
} from '@tracemap/contracts';
import { createUser } from './create-user';
import { endUserSessions } from './end-user-sessions';
import { getUser } from './get-user';
import { resendConfirmation } from './resend-confirmation';
import { searchUsers } from './search-users';
import { sendPasswordReset } from './send-password-reset';
import { setPasswordResetRequired } from './set-password-reset-required';
import { setProductAdmin } from './set-product-admin';
import { idempotencyKey } from '../../lib/call-context';
import { forwardedFor, type AdminRouteOptions } from '../route-options';

type Params = { Params: Static<typeof UserIdParams> };
const action = { 200: AdminActionResponse };

export default async function adminUserRoutes(app: FastifyInstance, { context }: AdminRouteOptions) {
  app.get<{ Querystring: Static<typeof AdminSearchQuery> }>(
    '/users',
    { schema: { querystring: AdminSearchQuery, response: { 200: AdminUserListResponse } } },
    async (request) => searchUsers(context(request), request.query.q, request.query.limit),
  );
  app.post<{ Body: Static<typeof AdminCreateUserBody> }>(
    '/users',
    {
      schema: { body: AdminCreateUserBody, headers: IdempotencyHeaders, response: { 201: AdminCreateUserResponse } },
      config: { failureMessage: 'Could not create the user. Try again later.' },
    },
    async (request, reply) =>
      reply.code(201).send(await createUser(context(request), request.body, idempotencyKey(request))),
  );
  app.get<Params>(
    '/users/:userId',
    { schema: { params: UserIdParams, response: { 200: AdminUserDetailResponse } } },
    async (request) => getUser(context(request), request.params.userId),
  );
  app.post<Params>(
    '/users/:userId/resend-confirmation',
    { schema: { params: UserIdParams, response: action } },
    async (request) => resendConfirmation(context(request), request.params.userId, forwardedFor(request)),
  );
  app.post<Params>(
    '/users/:userId/password-reset',
    { schema: { params: UserIdParams, response: action } },
    async (request) => sendPasswordReset(context(request), request.params.userId, forwardedFor(request)),
  );
  app.put<Params & { Body: Static<typeof FlagBody> }>(
    '/users/:userId/password-reset-required',
    { schema: { params: UserIdParams, body: FlagBody, response: action } },
    async (request) => setPasswordResetRequired(context(request), request.params.userId, request.body.value),
  );
  app.put<Params & { Body: Static<typeof FlagBody> }>(
    '/users/:userId/product-admin',
    { schema: { params: UserIdParams, body: FlagBody, response: action } },
    async (request) => setProductAdmin(context(request), request.params.userId, request.body.value),
  );
  app.post<Params>(
    '/users/:userId/sessions/end',
    { schema: { params: UserIdParams, response: action } },
    async (request) => endUserSessions(context(request), request.params.userId),
  );
}
