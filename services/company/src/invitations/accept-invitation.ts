import { AppError, SESSION_EXPIRED } from '@tracemap/service-kit';
import { audited } from '../core/audit';
import type { CompanyDeps } from '../core/deps';
import { joinCompany } from './join-company';
import { MESSAGES } from '../core/messages';
import { setTenantCompany, tenantTransaction } from '../core/tenant';
import { findCompany } from '../core/company-repository';
import { findInvitation, isOpen } from '../core/invitation-repository';

export interface AcceptInvitationInput {
  invitationId: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  requestId: string;
}

/**
 * An existing, logged-in user joins: the invitation must be open and
 * addressed to the caller's verified email. Single use.
 */
export async function acceptInvitation(deps: CompanyDeps, input: AcceptInvitationInput) {
  // Whether the address is verified is auth's to say; without auth this cannot be decided (503).
  const user = await deps.peers.userById(input.userId, input.requestId);
  if (!user) throw new AppError(401, 'session_expired', SESSION_EXPIRED);

  const joined = await tenantTransaction(
    deps.db,
    { invitationId: input.invitationId, userId: input.userId },
    async (client) => {
      const seen = await findInvitation(client, input.invitationId);
      if (!seen) throw new AppError(404, 'invitation_not_found', MESSAGES.invitationNotFound);
      await setTenantCompany(client, seen.companyId);
      const invitation = await findInvitation(client, input.invitationId, { lock: true });
      if (!invitation || !isOpen(invitation)) throw new AppError(410, 'invitation_gone', MESSAGES.invitationGone);
      if (user.email.toLowerCase() !== invitation.email || input.email.trim().toLowerCase() !== invitation.email) {
        throw new AppError(403, 'invitation_email_mismatch', MESSAGES.otherEmail);
      }
      if (!user.emailConfirmed) throw new AppError(403, 'email_not_confirmed', MESSAGES.emailNotConfirmed);
      const { role, audit } = await joinCompany(client, invitation, input.userId, {
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
      });
      const company = await findCompany(client, invitation.companyId);
      const answer = {
        companyId: invitation.companyId,
        role,
        company: { id: invitation.companyId, name: company?.name ?? null },
      };
      return audited(answer, audit);
    },
  );
  deps.infoCache.invalidate(joined.companyId);
  return joined;
}
