import { randomUUID } from 'node:crypto';
import { AppError, type Queryable } from '@tracemap/service-kit';
import type { CompanyDeps } from '../core/deps';
import { audited } from '../core/audit';
import { runIdempotent, type Outcome } from '../core/idempotency';
import { invitationLink, invitationView } from './invitation-view';
import { displayName } from './inviter-name';
import { MESSAGES } from '../core/messages';
import { queueInvitationEmail } from './invitation-email';
import { mayInviteAs, requireAllowed, type Role } from '../core/roles';
import { tenantTransaction } from '../core/tenant';
import { newInvitationToken } from './invitation-token';
import { findCompany } from '../core/company-repository';
import { expireStalePending, findPendingInvitationByEmail, insertInvitation } from '../core/invitation-repository';
import { findMembership } from '../core/membership-repository';

export interface InviteMemberInput {
  companyId: string;
  actor: { userId: string; role: Role; email: string };
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  idempotencyKey?: string;
  requestId: string;
}

const UNIQUE_VIOLATION = '23505';
/** The window of the per-company invitation limit (INVITATION_LIMIT_PER_COMPANY). */
export const INVITATION_WINDOW_SECONDS = 600;

/**
 * Refuses a new invitation once the company created `limit` of them in the window, whatever
 * became of them since (revoking does not give a slot back, so create-and-revoke cannot send
 * more). Invitations are serialised per company for the count to hold under concurrency; the
 * refusal says when the oldest counted one leaves the window.
 */
async function checkInvitationLimit(db: Queryable, companyId: string, limit: number): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('company.invite:' || $1::text))`, [companyId]);
  const { rows } = await db.query<{ wait: number }>(
    `SELECT ceil(extract(epoch FROM created_at + make_interval(secs => $2) - clock_timestamp()))::int AS wait
       FROM company.invitations
      WHERE company_id = $1 AND created_at > clock_timestamp() - make_interval(secs => $2)
      ORDER BY created_at DESC
      OFFSET $3 - 1 LIMIT 1`,
    [companyId, INVITATION_WINDOW_SECONDS, limit],
  );
  if (rows[0]) {
    const retryAfter = Math.min(Math.max(rows[0].wait, 1), INVITATION_WINDOW_SECONDS);
    throw new AppError(
      429,
      'invitation_limit',
      `${MESSAGES.invitationLimit} At most ${limit} every ${INVITATION_WINDOW_SECONDS / 60} minutes.`,
      {
        'retry-after': String(retryAfter),
      },
    );
  }
}

export async function inviteMember(
  deps: CompanyDeps,
  input: InviteMemberInput,
): Promise<Outcome<{ invitation: ReturnType<typeof invitationView> }>> {
  requireAllowed(mayInviteAs(input.actor.role, input.role));
  const email = input.email.trim().toLowerCase();
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const [inviterName, existingUser] = await Promise.all([
    displayName(deps.peers, input.actor.userId, input.actor.email || null, input.requestId),
    deps.peers.userByEmail(email, input.requestId),
  ]);

  const outcome = await tenantTransaction(
    deps.db,
    { companyId: input.companyId, userId: input.actor.userId },
    (client) =>
      runIdempotent(
        client,
        {
          userId: input.actor.userId,
          key: input.idempotencyKey,
          route: 'invite',
          body: { companyId: input.companyId, email, firstName, lastName, role: input.role },
        },
        async () => {
          if (existingUser && (await findMembership(client, input.companyId, existingUser.id))) {
            throw new AppError(409, 'already_member', MESSAGES.alreadyMember);
          }
          await checkInvitationLimit(client, input.companyId, deps.config.INVITATION_LIMIT_PER_COMPANY);
          await expireStalePending(client, input.companyId, email);
          if (await findPendingInvitationByEmail(client, input.companyId, email)) {
            throw new AppError(409, 'already_invited', MESSAGES.alreadyInvited);
          }
          const company = await findCompany(client, input.companyId);
          if (!company) throw new AppError(404, 'company_not_found', MESSAGES.companyNotFound);
          const { token, hash } = newInvitationToken();
          const invitation = await insertInvitation(client, {
            id: randomUUID(),
            companyId: input.companyId,
            email,
            firstName,
            lastName,
            role: input.role,
            tokenHash: hash,
            invitedBy: input.actor.userId,
            ttlHours: deps.config.INVITATION_TTL_HOURS,
          }).catch((error: { code?: string }) => {
            if (error.code === UNIQUE_VIOLATION) throw new AppError(409, 'already_invited', MESSAGES.alreadyInvited);
            throw error;
          });
          await queueInvitationEmail(client, invitation, {
            link: invitationLink(deps.config.PUBLIC_URL, invitation.id, token),
            firstName,
            companyName: company.name,
            inviterName: inviterName ?? undefined,
            role: input.role,
          });
          const body = audited(
            { invitation: invitationView(invitation) },
            { details: { invitationId: invitation.id, email, role: input.role } },
          );
          return { statusCode: 201, body };
        },
      ),
  );
  if (!outcome.replayed) deps.wakeOutbox();
  return outcome;
}
