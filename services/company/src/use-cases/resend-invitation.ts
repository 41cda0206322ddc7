import { AppError, tooManyRequests } from '@tracemap/service-kit';
import type { CompanyDeps } from '../deps';
import { invitationLink, invitationView } from '../lib/invitation-view';
import { displayName } from '../lib/inviter-name';
import { MESSAGES } from '../lib/messages';
import { queueInvitationEmail } from '../lib/outbox';
import type { Role } from '../lib/roles';
import { tenantTransaction } from '../lib/tenant';
import { newInvitationToken } from '../lib/tokens';
import { recordAudit } from '../repositories/audit-log-repository';
import { findCompany } from '../repositories/company-repository';
import { findInvitation, renewInvitationToken } from '../repositories/invitation-repository';

/**
 * Sends the invitation again with a new token (the old link stops working)
 * and a fresh expiry. At most once per interval per invitation.
 */
export async function resendInvitation(
  deps: CompanyDeps,
  input: { invitationId: string; companyId: string; actor: { userId: string; role: Role; email: string }; requestId: string },
) {
  const inviterName = await displayName(deps.peers, input.actor.userId, input.actor.email || null, input.requestId);
  const renewed = await tenantTransaction(deps.db, { companyId: input.companyId, userId: input.actor.userId }, async (client) => {
    const invitation = await findInvitation(client, input.invitationId, { lock: true });
    if (!invitation) throw new AppError(404, 'invitation_not_found', MESSAGES.invitationNotFound);
    if (invitation.status !== 'pending') throw new AppError(410, 'invitation_gone', MESSAGES.invitationGone);
    if (invitation.role === 'owner' && input.actor.role !== 'owner') {
      throw new AppError(403, 'forbidden', MESSAGES.ownerInviteOnlyByOwner);
    }
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
    await recordAudit(client, {
      companyId: input.companyId,
      actorUserId: input.actor.userId,
      action: 'invitation.resent',
      details: { invitationId: updated.id, email: updated.email },
    });
    return updated;
  });
  deps.wakeOutbox();
  return { invitation: invitationView(renewed) };
}
