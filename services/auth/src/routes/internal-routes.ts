import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  AuthSessionParams,
  SessionEventsProbeBody,
  SessionEventsProbeResponse,
  SessionStatusResponse,
  UserByEmailBody,
  UserByEmailResponse,
  UsersLookupBody,
  UsersLookupResponse,
} from '@tracemap/contracts';
import { requireServiceToken } from '@tracemap/service-kit';
import type { AuthDeps } from '../lib/deps';
import { announceProbe } from '../lib/session-events';
import { findUserByEmailAddress } from '../use-cases/find-user-by-email';
import { getSessionStatus } from '../use-cases/get-session-status';
import { lookupUsers } from '../use-cases/lookup-users';

/** Service-to-service contract (never routed by the gateway); errors in the platform's `{statusCode, code, message}` shape. */
export default async function internalRoutes(app: FastifyInstance, { deps }: { deps: AuthDeps }) {
  app.addHook('onRequest', requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN));

  app.get<{ Params: Static<typeof AuthSessionParams> }>(
    '/internal/sessions/:sessionId',
    { schema: { params: AuthSessionParams, response: { 200: SessionStatusResponse } } },
    async (request) => getSessionStatus(deps, request.params.sessionId),
  );

  // A service that caches session answers checks that auth's announcements reach it.
  app.post<{ Body: Static<typeof SessionEventsProbeBody> }>(
    '/internal/session-events/probe',
    { schema: { body: SessionEventsProbeBody, response: { 200: SessionEventsProbeResponse } } },
    async (request) => {
      await announceProbe(deps.db, request.body.nonce);
      return { sent: true };
    },
  );

  app.post<{ Body: Static<typeof UsersLookupBody> }>(
    '/internal/users/lookup',
    { schema: { body: UsersLookupBody, response: { 200: UsersLookupResponse } } },
    async (request) => lookupUsers(deps, request.body.ids),
  );

  app.post<{ Body: Static<typeof UserByEmailBody> }>(
    '/internal/users/by-email',
    { schema: { body: UserByEmailBody, response: { 200: UserByEmailResponse } } },
    async (request) => findUserByEmailAddress(deps, request.body.email),
  );
}
