import { isOpen, type InvitationRow } from '../core/invitation-repository';

export function invitationStatus(invitation: InvitationRow): 'pending' | 'expired' | 'accepted' | 'revoked' {
  if (invitation.status === 'pending' && !isOpen(invitation)) return 'expired';
  return invitation.status;
}

/** What admins see of an invitation: never its token hash. */
export function invitationView(invitation: InvitationRow) {
  return {
    invitationId: invitation.id,
    companyId: invitation.companyId,
    email: invitation.email,
    firstName: invitation.firstName,
    lastName: invitation.lastName,
    role: invitation.role,
    status: invitationStatus(invitation),
    invitedBy: invitation.invitedBy,
    expiresAt: invitation.expiresAt.toISOString(),
    lastSentAt: invitation.lastSentAt.toISOString(),
    createdAt: invitation.createdAt.toISOString(),
  };
}

export function invitationLink(publicUrl: string, invitationId: string, token: string): string {
  const url = new URL(`/invitation/${encodeURIComponent(invitationId)}`, publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}
