import { AppError } from '@tracemap/service-kit';
import type { CompanyDeps } from '../core/deps';
import { displayName } from './inviter-name';
import { MESSAGES } from '../core/messages';
import { setTenantCompany, tenantTransaction } from '../core/tenant';
import { findCompany } from '../core/company-repository';
import { findInvitation, isOpen } from '../core/invitation-repository';

/**
 * What the public invitation page shows. The invitation id is a random UUID
 * that only reaches the invitee (by email) and the company's admins, so
 * knowing it is what grants this read.
 */
export async function getInvitation(deps: CompanyDeps, input: { invitationId: string; requestId: string }) {
  const found = await tenantTransaction(deps.db, { invitationId: input.invitationId }, async (client) => {
    const invitation = await findInvitation(client, input.invitationId);
    if (!invitation) throw new AppError(404, 'invitation_not_found', MESSAGES.invitationNotFound);
    if (!isOpen(invitation)) throw new AppError(410, 'invitation_gone', MESSAGES.invitationGone);
    await setTenantCompany(client, invitation.companyId);
    return { invitation, company: await findCompany(client, invitation.companyId) };
  });
  const { invitation, company } = found;
  const inviterName = await displayName(deps.peers, invitation.invitedBy, null, input.requestId);
  return {
    invitation: {
      invitationId: invitation.id,
      companyId: invitation.companyId,
      companyName: company?.name ?? null,
      inviterName,
      email: invitation.email,
      firstName: invitation.firstName,
      lastName: invitation.lastName,
      role: invitation.role,
      status: 'pending' as const,
      expiresAt: invitation.expiresAt.toISOString(),
    },
  };
}
