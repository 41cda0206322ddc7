import { AppError } from '@tracemap/service-kit';
import type { CompanyDeps } from '../deps';
import { invitationView } from '../lib/invitation-view';
import { MESSAGES } from '../lib/messages';
import type { Role } from '../lib/roles';
import { tenantTransaction } from '../lib/tenant';
import { recordAudit } from '../repositories/audit-log-repository';
import { findInvitation, markInvitationRevoked } from '../repositories/invitation-repository';

/** Revoking twice is harmless; a used invitation can no longer be revoked (410). */
export async function revokeInvitation(
  deps: CompanyDeps,
  input: { invitationId: string; companyId: string; actor: { userId: string; role: Role } },
) {
  return tenantTransaction(deps.db, { companyId: input.companyId, userId: input.actor.userId }, async (client) => {
    const invitation = await findInvitation(client, input.invitationId, { lock: true });
    if (!invitation) throw new AppError(404, 'invitation_not_found', MESSAGES.invitationNotFound);
    if (invitation.status === 'accepted') throw new AppError(410, 'invitation_gone', MESSAGES.invitationGone);
    if (invitation.role === 'owner' && input.actor.role !== 'owner') {
      throw new AppError(403, 'forbidden', MESSAGES.ownerInviteOnlyByOwner);
    }
    if (invitation.status === 'pending') {
      await markInvitationRevoked(client, invitation.id);
      await recordAudit(client, {
        companyId: input.companyId,
        actorUserId: input.actor.userId,
        action: 'invitation.revoked',
        details: { invitationId: invitation.id, email: invitation.email },
      });
    }
    const after = await findInvitation(client, invitation.id);
    return { invitation: invitationView(after!) };
  });
}
