import type { ProposalDetail } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { findCompany } from '../../core/company-repository';
import { tenantTransaction } from '../../core/tenant';
import type { PlanActor } from '../shared/plan-context';
import { proposalNotFound } from './proposal-errors';
import { findProposal, listReviews } from './proposal-repository';
import { proposalSettings } from './proposal-rules';
import { listReviewers } from './proposal-talk-repository';
import { toProposalDetail } from './proposal-view';

export function getProposal(deps: CompanyDeps, actor: PlanActor, id: string): Promise<ProposalDetail> {
  const { companyId, userId } = actor;
  return tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const stored = await findProposal(client, companyId, id);
    if (!stored) throw proposalNotFound();
    const settings = proposalSettings((await findCompany(client, companyId))?.settings ?? {});
    return toProposalDetail(
      stored,
      await listReviews(client, companyId, [id]),
      settings,
      await listReviewers(client, companyId, id),
    );
  });
}
