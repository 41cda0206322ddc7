import type { Queryable } from '@tracemap/service-kit';
import { recordAudit } from '../repositories/audit-log-repository';
import { markInvitationAccepted, type InvitationRow } from '../repositories/invitation-repository';
import { addMembership } from '../repositories/membership-repository';

/**
 * Uses up the invitation and makes the user a member with its role. Someone
 * who already is a member keeps the role they have.
 */
export async function joinCompany(db: Queryable, invitation: InvitationRow, userId: string, details: object = {}) {
  const membership = await addMembership(db, invitation.companyId, userId, invitation.role);
  await markInvitationAccepted(db, invitation.id, userId);
  await recordAudit(db, {
    companyId: invitation.companyId,
    actorUserId: userId,
    action: 'invitation.accepted',
    targetUserId: userId,
    details: { invitationId: invitation.id, invitedRole: invitation.role, role: membership.role, alreadyMember: !membership.created, ...details },
  });
  return membership.role;
}
