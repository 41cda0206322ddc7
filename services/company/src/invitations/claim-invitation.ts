import { AppError } from '@tracemap/service-kit';
import { audited } from '../core/audit';
import type { CompanyDeps } from '../core/deps';
import { joinCompany } from './join-company';
import { MESSAGES } from '../core/messages';
import { setTenantCompany, tenantTransaction } from '../core/tenant';
import { tokenMatches } from './invitation-token';
import { findInvitation, isOpen, type InvitationRow } from '../core/invitation-repository';

export interface ClaimInvitationInput {
  invitationId: string;
  token: string;
  password: string;
  firstName: string;
  lastName: string;
  requestId: string;
}

async function openInvitation(deps: CompanyDeps, invitationId: string, token: string): Promise<InvitationRow> {
  return tenantTransaction(deps.db, { invitationId }, async (client) => {
    const invitation = await findInvitation(client, invitationId);
    if (!invitation) throw new AppError(404, 'invitation_not_found', MESSAGES.invitationNotFound);
    // A wrong token reads like a used one: nothing tells a guesser which part failed.
    if (!isOpen(invitation) || !tokenMatches(token, invitation.tokenHash)) {
      throw new AppError(410, 'invitation_gone', MESSAGES.invitationGone);
    }
    return invitation;
  });
}

/**
 * A new user accepts from the emailed link: the one-time token proves they
 * own the address, so auth creates the account already confirmed, and the
 * membership is added. The page then signs in with the chosen password.
 */
export async function claimInvitation(deps: CompanyDeps, input: ClaimInvitationInput) {
  const invitation = await openInvitation(deps, input.invitationId, input.token);
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();

  let user: { id: string; email: string };
  try {
    user = await deps.peers.createConfirmedUser(
      { email: invitation.email, password: input.password, firstName, lastName },
      input.requestId,
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'email_exists') {
      throw new AppError(409, 'email_exists', MESSAGES.accountExists);
    }
    if (
      error instanceof AppError &&
      error.statusCode >= 400 &&
      error.statusCode < 500 &&
      error.statusCode !== 401 &&
      error.statusCode !== 403
    ) {
      // Password policy and similar refusals are the user's to fix: pass them on as auth worded them.
      throw error;
    }
    throw new AppError(503, 'claim_unavailable', MESSAGES.claimUnavailable, { 'retry-after': '5' });
  }

  const joined = await tenantTransaction(deps.db, { invitationId: invitation.id, userId: user.id }, async (client) => {
    await setTenantCompany(client, invitation.companyId);
    // Re-read under lock: a resend, revoke or a second claim may have happened meanwhile.
    const current = await findInvitation(client, invitation.id, { lock: true });
    if (!current || !isOpen(current) || current.tokenHash !== invitation.tokenHash) {
      throw new AppError(410, 'invitation_gone', MESSAGES.invitationGone);
    }
    const { role, audit } = await joinCompany(client, current, user.id, { via: 'claim' });
    return audited({ companyId: current.companyId, role, email: current.email }, audit);
  });
  deps.infoCache.invalidate(joined.companyId);
  return joined;
}
