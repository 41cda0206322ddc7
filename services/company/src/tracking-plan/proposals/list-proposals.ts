import type { Proposal } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { findCompany } from '../../core/company-repository';
import { tenantTransaction } from '../../core/tenant';
import type { PlanActor } from '../shared/plan-context';
import { listProposals as loadProposals, listReviews } from './proposal-repository';
import { proposalSettings } from './proposal-rules';
import { toProposal } from './proposal-view';

/** The company's proposals, newest first. */
export function listProposals(deps: CompanyDeps, actor: PlanActor): Promise<{ items: Proposal[] }> {
  const { companyId, userId } = actor;
  return tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const settings = proposalSettings((await findCompany(client, companyId))?.settings ?? {});
    const stored = await loadProposals(client, companyId);
    const reviews = await listReviews(
      client,
      companyId,
      stored.map((p) => p.id),
    );
    return {
      items: stored.map((p) =>
        toProposal(
          p,
          reviews.filter((r) => r.proposalId === p.id),
          settings,
        ),
      ),
    };
  });
}
