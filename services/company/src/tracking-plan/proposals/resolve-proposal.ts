import type { MergeConflictBody } from '@tracemap/contracts';
import type { MergeResolution } from '@tracemap/tracking-plan';
import type { CompanyDeps } from '../../core/deps';
import { tenantTransaction } from '../../core/tenant';
import type { PlanActor } from '../shared/plan-context';
import { threeWay } from './merge-proposal';
import { proposalClosed, proposalNotFound } from './proposal-errors';
import { findProposal, updateProposal } from './proposal-repository';
import { isOpen } from './proposal-rules';

/**
 * Keeps the author's choices for conflicts (a later choice for the same field
 * replaces an earlier one) and answers the conflicts a merge would still meet.
 */
export async function resolveProposal(
  deps: CompanyDeps,
  actor: PlanActor,
  input: { id: string; resolutions: MergeResolution[] },
): Promise<{ conflicts: MergeConflictBody[] }> {
  const { companyId, userId } = actor;
  return tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const proposal = await findProposal(client, companyId, input.id, { forUpdate: true });
    if (!proposal) throw proposalNotFound();
    if (!isOpen(proposal.status)) throw proposalClosed();
    const key = (r: MergeResolution) => `${r.kind}:${r.id}:${r.field}`;
    const byField = new Map(proposal.resolutions.map((r) => [key(r), r]));
    for (const r of input.resolutions) byField.set(key(r), { kind: r.kind, id: r.id, field: r.field, take: r.take });
    const resolutions = [...byField.values()];
    await updateProposal(client, companyId, input.id, { resolutions });
    const { merge } = await threeWay(client, proposal, resolutions);
    return { conflicts: merge.conflicts };
  });
}
