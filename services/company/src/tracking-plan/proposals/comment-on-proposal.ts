import { randomUUID } from 'node:crypto';
import { AppError } from '@tracemap/service-kit';
import type { HistoryEntityKind, ProposalComment } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { setTenantCompany, tenantTransaction } from '../../core/tenant';
import type { PlanActor } from '../shared/plan-context';
import { PROPOSAL_MESSAGES, proposalNotFound } from './proposal-errors';
import { findProposal } from './proposal-repository';
import { hasItem, insertComment, listComments } from './proposal-talk-repository';

/** A member comments on a proposal, or on one item its plan or the live plan has. */
export async function commentOnProposal(
  deps: CompanyDeps,
  actor: PlanActor,
  input: { id: string; body: string; item?: { kind: HistoryEntityKind; id: string } },
): Promise<ProposalComment> {
  const { companyId, userId } = actor;
  return tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const proposal = await findProposal(client, companyId, input.id);
    if (!proposal) throw proposalNotFound();
    if (input.item) {
      const { item } = input;
      let known = await hasItem(client, companyId, item);
      if (!known) {
        await setTenantCompany(client, proposal.workspaceId);
        known = await hasItem(client, proposal.workspaceId, item);
        await setTenantCompany(client, companyId);
      }
      if (!known) throw new AppError(400, 'unknown_item', PROPOSAL_MESSAGES.unknownItem);
    }
    return insertComment(client, {
      id: randomUUID(),
      companyId,
      proposalId: input.id,
      userId,
      body: input.body.trim(),
      item: input.item,
    });
  });
}

export function listProposalComments(
  deps: CompanyDeps,
  actor: PlanActor,
  id: string,
): Promise<{ items: ProposalComment[] }> {
  const { companyId, userId } = actor;
  return tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    if (!(await findProposal(client, companyId, id))) throw proposalNotFound();
    return { items: await listComments(client, companyId, id) };
  });
}
