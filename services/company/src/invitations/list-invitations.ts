import type { CompanyDeps } from '../core/deps';
import { invitationView } from './invitation-view';
import { tenantTransaction } from '../core/tenant';
import { listInvitations as listRows } from '../core/invitation-repository';

const PAGE_LIMIT = 200;

export async function listInvitations(deps: CompanyDeps, input: { companyId: string; userId: string }) {
  const rows = await tenantTransaction(deps.db, { companyId: input.companyId, userId: input.userId }, (client) =>
    listRows(client, input.companyId, PAGE_LIMIT),
  );
  return { invitations: rows.map(invitationView) };
}
