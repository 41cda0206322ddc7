import type { CompanyDeps } from '../deps';
import { invitationView } from '../lib/invitation-view';
import { tenantTransaction } from '../lib/tenant';
import { listInvitations as listRows } from '../repositories/invitation-repository';

const PAGE_LIMIT = 200;

export async function listInvitations(deps: CompanyDeps, input: { companyId: string; userId: string }) {
  const rows = await tenantTransaction(deps.db, { companyId: input.companyId, userId: input.userId }, (client) =>
    listRows(client, input.companyId, PAGE_LIMIT),
  );
  return { invitations: rows.map(invitationView) };
}
