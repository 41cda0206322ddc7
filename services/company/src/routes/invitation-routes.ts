import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { CompanyDeps } from '../deps';
import { FAILURE } from '../lib/messages';
import { companyAccess } from '../plugins/company-access';
import { acceptInvitation } from '../use-cases/accept-invitation';
import { claimInvitation } from '../use-cases/claim-invitation';
import { getInvitation } from '../use-cases/get-invitation';
import { inviteMember } from '../use-cases/invite-member';
import { listInvitations } from '../use-cases/list-invitations';
import { resendInvitation } from '../use-cases/resend-invitation';
import { revokeInvitation } from '../use-cases/revoke-invitation';
import { CompanyIdBody, Email, Id, IdempotencyHeaders, InvitationIdBody, PersonName, RoleSchema, strict } from './schemas';

const InviteBody = Type.Object(
  { companyId: Id, email: Email, firstName: PersonName, lastName: PersonName, role: RoleSchema },
  strict,
);
const InvitationQuery = Type.Object({ invitationId: Id }, strict);
const AcceptBody = Type.Object({ invitationId: Id, email: Email, firstName: PersonName, lastName: PersonName }, strict);
const ClaimParams = Type.Object({ invitationId: Id }, strict);
const ClaimBody = Type.Object(
  {
    token: Type.String({ minLength: 16, maxLength: 200 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    firstName: PersonName,
    lastName: PersonName,
  },
  strict,
);

const byInvitation = { from: 'body', field: 'invitationId' } as const;

export async function invitationRoutes(app: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  app.post(
    '/invite',
    {
      schema: { body: InviteBody, headers: IdempotencyHeaders },
      config: { failureMessage: FAILURE.invite },
      preHandler: companyAccess(deps, { access: 'admin', locate: { from: 'body', field: 'companyId' } }),
    },
    async (request, reply) => {
      const body = request.body as Static<typeof InviteBody>;
      const outcome = await inviteMember(deps, {
        ...body,
        actor: { userId: request.company!.userId, role: request.company!.role, email: request.auth!.email },
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
        requestId: request.id,
      });
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(outcome.statusCode).send(outcome.body);
    },
  );

  // Public: the invitation page shows it before the invitee has an account or is logged in.
  app.get(
    '/invite',
    { schema: { querystring: InvitationQuery }, config: { failureMessage: FAILURE.invitationDetails } },
    async (request) => getInvitation(deps, { invitationId: (request.query as Static<typeof InvitationQuery>).invitationId, requestId: request.id }),
  );

  app.put(
    '/invite',
    {
      schema: { body: InvitationIdBody },
      config: { failureMessage: FAILURE.resend },
      preHandler: companyAccess(deps, { access: 'admin', locate: byInvitation }),
    },
    async (request) =>
      resendInvitation(deps, {
        invitationId: (request.body as Static<typeof InvitationIdBody>).invitationId,
        companyId: request.company!.companyId,
        actor: { userId: request.company!.userId, role: request.company!.role, email: request.auth!.email },
        requestId: request.id,
      }),
  );

  app.delete(
    '/invite',
    {
      schema: { body: InvitationIdBody },
      config: { failureMessage: FAILURE.revoke },
      preHandler: companyAccess(deps, { access: 'admin', locate: byInvitation }),
    },
    async (request) =>
      revokeInvitation(deps, {
        invitationId: (request.body as Static<typeof InvitationIdBody>).invitationId,
        companyId: request.company!.companyId,
        actor: { userId: request.company!.userId, role: request.company!.role },
      }),
  );

  app.post(
    '/get-invitations',
    {
      schema: { body: CompanyIdBody },
      config: { failureMessage: FAILURE.invitations },
      preHandler: companyAccess(deps, { access: 'admin', locate: { from: 'body', field: 'companyId' } }),
    },
    async (request) => listInvitations(deps, { companyId: request.company!.companyId, userId: request.company!.userId }),
  );

  // Not company-scoped: the caller is not a member yet. The invitation must be addressed to their verified email.
  app.post(
    '/accept-invite',
    { schema: { body: AcceptBody }, config: { failureMessage: FAILURE.accept }, preHandler: app.requireUser },
    async (request) =>
      acceptInvitation(deps, { ...(request.body as Static<typeof AcceptBody>), userId: request.auth!.userId, requestId: request.id }),
  );

  // Public: a new user proves the address with the emailed one-time token (see README).
  app.post(
    '/invitations/:invitationId/claim',
    { schema: { params: ClaimParams, body: ClaimBody }, config: { failureMessage: FAILURE.claim } },
    async (request, reply) => {
      const { invitationId } = request.params as Static<typeof ClaimParams>;
      const joined = await claimInvitation(deps, { invitationId, ...(request.body as Static<typeof ClaimBody>), requestId: request.id });
      return reply.code(201).send(joined);
    },
  );
}
