import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { CompanyDeps } from '../core/deps';
import { FAILURE } from '../core/messages';
import { companyAccess } from '../core/company-access';
import { acceptInvitation } from './accept-invitation';
import { claimInvitation } from './claim-invitation';
import { getInvitation } from './get-invitation';
import { inviteMember } from './invite-member';
import { listInvitations } from './list-invitations';
import { resendInvitation } from './resend-invitation';
import { revokeInvitation } from './revoke-invitation';
import { CompanyIdBody, Email, Id, IdempotencyHeaders, InvitationIdBody, PersonName, RoleSchema, strict } from '../core/schemas';

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
      config: { failureMessage: FAILURE.invite, audit: 'invitation.created' },
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
      config: { failureMessage: FAILURE.resend, audit: 'invitation.resent' },
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
      config: { failureMessage: FAILURE.revoke, audit: 'invitation.revoked' },
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
    { schema: { body: AcceptBody }, config: { failureMessage: FAILURE.accept, audit: 'invitation.accepted' }, preHandler: app.requireUser },
    async (request) =>
      acceptInvitation(deps, { ...(request.body as Static<typeof AcceptBody>), userId: request.auth!.userId, requestId: request.id }),
  );

  // Public: a new user proves the address with the emailed one-time token (see README).
  app.post(
    '/invitations/:invitationId/claim',
    { schema: { params: ClaimParams, body: ClaimBody }, config: { failureMessage: FAILURE.claim, audit: 'invitation.accepted' } },
    async (request, reply) => {
      const { invitationId } = request.params as Static<typeof ClaimParams>;
      const joined = await claimInvitation(deps, { invitationId, ...(request.body as Static<typeof ClaimBody>), requestId: request.id });
      return reply.code(201).send(joined);
    },
  );
}
