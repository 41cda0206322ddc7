import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AcceptedInvitationResponse,
  AcceptInvitationBody,
  ClaimedInvitationResponse,
  ClaimInvitationBody,
  ClaimInvitationParams,
  CompanyIdBody,
  InvitationDetailsResponse,
  InvitationIdBody,
  InvitationListResponse,
  InvitationQuery,
  InvitationResponse,
  InviteBody,
} from '@tracemap/contracts';
import type { CompanyDeps } from '../core/deps';
import { IdempotencyKeyHeaders } from '../core/idempotency';
import { FAILURE } from '../core/messages';
import { companyAccess } from '../core/company-access';
import { acceptInvitation } from './accept-invitation';
import { claimInvitation } from './claim-invitation';
import { getInvitation } from './get-invitation';
import { inviteMember } from './invite-member';
import { listInvitations } from './list-invitations';
import { resendInvitation } from './resend-invitation';
import { revokeInvitation } from './revoke-invitation';

const byInvitation = { from: 'body', field: 'invitationId' } as const;

export async function invitationRoutes(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/invite',
    {
      schema: { body: InviteBody, headers: IdempotencyKeyHeaders, response: { 201: InvitationResponse } },
      config: { failureMessage: FAILURE.invite, audit: 'invitation.created' },
      preHandler: companyAccess(deps, { access: 'admin', locate: { from: 'body', field: 'companyId' } }),
    },
    async (request, reply) => {
      const outcome = await inviteMember(deps, {
        ...request.body,
        actor: { userId: request.company!.userId, role: request.company!.role, email: request.auth!.email },
        idempotencyKey: request.headers['idempotency-key'],
        requestId: request.id,
      });
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(outcome.body);
    },
  );

  // Public: the invitation page shows it before the invitee has an account or is logged in.
  app.get(
    '/invite',
    {
      schema: { querystring: InvitationQuery, response: { 200: InvitationDetailsResponse } },
      config: { failureMessage: FAILURE.invitationDetails },
    },
    async (request) => getInvitation(deps, { invitationId: request.query.invitationId, requestId: request.id }),
  );

  app.put(
    '/invite',
    {
      schema: { body: InvitationIdBody, response: { 200: InvitationResponse } },
      config: { failureMessage: FAILURE.resend, audit: 'invitation.resent' },
      preHandler: companyAccess(deps, { access: 'admin', locate: byInvitation }),
    },
    async (request) =>
      resendInvitation(deps, {
        invitationId: request.body.invitationId,
        companyId: request.company!.companyId,
        actor: { userId: request.company!.userId, role: request.company!.role, email: request.auth!.email },
        requestId: request.id,
      }),
  );

  app.delete(
    '/invite',
    {
      schema: { body: InvitationIdBody, response: { 200: InvitationResponse } },
      config: { failureMessage: FAILURE.revoke, audit: 'invitation.revoked' },
      preHandler: companyAccess(deps, { access: 'admin', locate: byInvitation }),
    },
    async (request) =>
      revokeInvitation(deps, {
        invitationId: request.body.invitationId,
        companyId: request.company!.companyId,
        actor: { userId: request.company!.userId, role: request.company!.role },
      }),
  );

  app.post(
    '/get-invitations',
    {
      schema: { body: CompanyIdBody, response: { 200: InvitationListResponse } },
      config: { failureMessage: FAILURE.invitations },
      preHandler: companyAccess(deps, { access: 'admin', locate: { from: 'body', field: 'companyId' } }),
    },
    async (request) =>
      listInvitations(deps, { companyId: request.company!.companyId, userId: request.company!.userId }),
  );

  // Not company-scoped: the caller is not a member yet. The invitation must be addressed to their verified email.
  app.post(
    '/accept-invite',
    {
      schema: { body: AcceptInvitationBody, response: { 200: AcceptedInvitationResponse } },
      config: { failureMessage: FAILURE.accept, audit: 'invitation.accepted' },
      preHandler: app.requireUser,
    },
    async (request) => acceptInvitation(deps, { ...request.body, userId: request.auth!.userId, requestId: request.id }),
  );

  // Public: a new user proves the address with the emailed one-time token (see README).
  app.post(
    '/invitations/:invitationId/claim',
    {
      schema: {
        params: ClaimInvitationParams,
        body: ClaimInvitationBody,
        response: { 201: ClaimedInvitationResponse },
      },
      config: { failureMessage: FAILURE.claim, audit: 'invitation.accepted' },
    },
    async (request, reply) => {
      const joined = await claimInvitation(deps, {
        invitationId: request.params.invitationId,
        ...request.body,
        requestId: request.id,
      });
      return reply.code(201).send(joined);
    },
  );
}
