import type { Queryable } from '@tracemap/service-kit';
import type { AuditNote } from '../core/audit';
import type { Role } from '../core/roles';
import { markInvitationAccepted, type InvitationRow } from '../core/invitation-repository';
import { addMembership } from '../core/membership-repository';

/**
 * Uses up the invitation and makes the user a member with its role. Someone
 * who already is a member keeps the role they have.
 */
export async function joinCompany(
  db: Queryable,
  invitation: InvitationRow,
  userId: string,
  details: object = {},
): Promise<{ role: Role; audit: AuditNote }> {
  const membership = await addMembership(db, invitation.companyId, userId, invitation.role);
  await markInvitationAccepted(db, invitation.id, userId);
  return {
    role: membership.role,
    audit: {
      companyId: invitation.companyId,
      actorUserId: userId,
      targetUserId: userId,
      details: {
        invitationId: invitation.id,
        invitedRole: invitation.role,
        role: membership.role,
        alreadyMember: !membership.created,
        ...details,
      },
    },
  };
}
