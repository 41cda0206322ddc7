import { AppError } from '@tracemap/service-kit';
import { audited } from '../core/audit';
import type { CompanyDeps } from '../core/deps';
import { invitationView } from './invitation-view';
import { MESSAGES } from '../core/messages';
import { mayInviteAs, requireAllowed, type Role } from '../core/roles';
import { tenantTransaction } from '../core/tenant';
import { findInvitation, markInvitationRevoked } from '../core/invitation-repository';

/** Revoking twice is harmless; a used invitation can no longer be revoked (410). */
export async function revokeInvitation(
  deps: CompanyDeps,
  input: { invitationId: string; companyId: string; actor: { userId: string; role: Role } },
) {
  return tenantTransaction(deps.db, { companyId: input.companyId, userId: input.actor.userId }, async (client) => {
    const invitation = await findInvitation(client, input.invitationId, { lock: true });
    if (!invitation) throw new AppError(404, 'invitation_not_found', MESSAGES.invitationNotFound);
    if (invitation.status === 'accepted') throw new AppError(410, 'invitation_gone', MESSAGES.invitationGone);
    requireAllowed(mayInviteAs(input.actor.role, invitation.role));
    const revoking = invitation.status === 'pending';
    if (revoking) await markInvitationRevoked(client, invitation.id);
    const after = await findInvitation(client, invitation.id);
    const answer = { invitation: invitationView(after!) };
    return revoking ? audited(answer, { details: { invitationId: invitation.id, email: invitation.email } }) : answer;
  });
}
