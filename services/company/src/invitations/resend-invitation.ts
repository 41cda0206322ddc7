import { AppError, tooManyRequests } from '@tracemap/service-kit';
import { audited } from '../core/audit';
import type { CompanyDeps } from '../core/deps';
import { invitationLink, invitationView } from './invitation-view';
import { displayName } from './inviter-name';
import { MESSAGES } from '../core/messages';
import { queueInvitationEmail } from './invitation-email';
import { mayInviteAs, requireAllowed, type Role } from '../core/roles';
import { tenantTransaction } from '../core/tenant';
import { newInvitationToken } from './invitation-token';
import { findCompany } from '../core/company-repository';
import { findInvitation, renewInvitationToken } from '../core/invitation-repository';

/**
 * Sends the invitation again with a new token (the old link stops working)
 * and a fresh expiry. At most once per interval per invitation.
 */
export async function resendInvitation(
  deps: CompanyDeps,
  input: {
    invitationId: string;
    companyId: string;
    actor: { userId: string; role: Role; email: string };
    requestId: string;
  },
) {
  const inviterName = await displayName(deps.peers, input.actor.userId, input.actor.email || null, input.requestId);
  const renewed = await tenantTransaction(
    deps.db,
    { companyId: input.companyId, userId: input.actor.userId },
    async (client) => {
      const invitation = await findInvitation(client, input.invitationId, { lock: true });
      if (!invitation) throw new AppError(404, 'invitation_not_found', MESSAGES.invitationNotFound);
      if (invitation.status !== 'pending') throw new AppError(410, 'invitation_gone', MESSAGES.invitationGone);
      requireAllowed(mayInviteAs(input.actor.role, invitation.role));
      const interval = deps.config.INVITATION_RESEND_INTERVAL_SECONDS;
      if (invitation.sentSecondsAgo < interval) {
        throw tooManyRequests(MESSAGES.resendTooSoon, Math.max(1, Math.ceil(interval - invitation.sentSecondsAgo)));
      }
      const company = await findCompany(client, input.companyId);
      const { token, hash } = newInvitationToken();
      const updated = await renewInvitationToken(client, invitation.id, hash, deps.config.INVITATION_TTL_HOURS);
      await queueInvitationEmail(client, updated, {
        link: invitationLink(deps.config.PUBLIC_URL, updated.id, token),
        firstName: updated.firstName,
        companyName: company?.name,
        inviterName: inviterName ?? undefined,
        role: updated.role,
      });
      return updated;
    },
  );
  deps.wakeOutbox();
  return audited(
    { invitation: invitationView(renewed) },
    { details: { invitationId: renewed.id, email: renewed.email } },
  );
}
