import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireServiceToken } from '@tracemap/service-kit';
import type { AuthDeps } from '../lib/deps';
import { announceProbe } from '../lib/session-events';
import { findUserByEmailAddress } from '../use-cases/find-user-by-email';
import { getSessionStatus } from '../use-cases/get-session-status';
import { lookupUsers } from '../use-cases/lookup-users';

const Uuid = Type.String({ format: 'uuid' });
const SessionParams = Type.Object({ sessionId: Uuid }, { additionalProperties: false });
const LookupBody = Type.Object({ ids: Type.Array(Uuid, { maxItems: 500 }) }, { additionalProperties: false });
const ProbeBody = Type.Object({ nonce: Type.String({ pattern: '^[A-Za-z0-9-]{8,64}$' }) }, { additionalProperties: false });
const ByEmailBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 320 }) }, { additionalProperties: false });

/** Service-to-service contract (never routed by the gateway); errors in the platform's `{statusCode, code, message}` shape. */
export default async function internalRoutes(app: FastifyInstance, { deps }: { deps: AuthDeps }) {
  app.addHook('onRequest', requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN));

  app.get<{ Params: Static<typeof SessionParams> }>('/internal/sessions/:sessionId', { schema: { params: SessionParams } }, async (request) =>
    getSessionStatus(deps, request.params.sessionId),
  );

  // A service that caches session answers checks that auth's announcements reach it.
  app.post<{ Body: Static<typeof ProbeBody> }>('/internal/session-events/probe', { schema: { body: ProbeBody } }, async (request) => {
    await announceProbe(deps.db, request.body.nonce);
    return { sent: true };
  });

  app.post<{ Body: Static<typeof LookupBody> }>('/internal/users/lookup', { schema: { body: LookupBody } }, async (request) =>
    lookupUsers(deps, request.body.ids),
  );

  app.post<{ Body: Static<typeof ByEmailBody> }>('/internal/users/by-email', { schema: { body: ByEmailBody } }, async (request) =>
    findUserByEmailAddress(deps, request.body.email),
  );
}
