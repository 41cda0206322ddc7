import { randomUUID } from 'node:crypto';
import type { CreateProposalInput, Proposal } from '@tracemap/contracts';
import { AppError, type Queryable } from '@tracemap/service-kit';
import type { CompanyDeps } from '../../core/deps';
import { findCompany, type CompanySettings } from '../../core/company-repository';
import { MESSAGES } from '../../core/messages';
import { setTenantCompany, tenantTransaction } from '../../core/tenant';
import type { PlanActor } from '../shared/plan-context';
import { currentVersion } from '../versions/current-version';
import { insertProposal, type ProposalSource, type StoredProposal } from './proposal-repository';
import { proposalSettings } from './proposal-rules';
import { toProposal } from './proposal-view';
import { copyPlanToWorkspace } from './copy-plan-to-workspace';

/**
 * Opens a proposal: the live plan's current version becomes its base (taken
 * now when the plan changed since the last one), and its workspace receives a
 * copy of that plan, which edits inside the proposal then change. One
 * transaction: a proposal exists whole or not at all.
 */
export async function openProposal(deps: CompanyDeps, actor: PlanActor, input: CreateProposalInput): Promise<Proposal> {
  const { companyId, userId } = actor;
  return tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const { stored, settings } = await openProposalIn(client, actor, input);
    return toProposal(stored, [], proposalSettings(settings));
  });
}

/** Opens a proposal in the caller's transaction (tenant: the company), which ends as the company's tenant again. */
export async function openProposalIn(
  client: Queryable,
  actor: { companyId: string; userId: string },
  input: CreateProposalInput & { source?: ProposalSource },
): Promise<{ stored: StoredProposal; settings: CompanySettings }> {
  const { companyId, userId } = actor;
  const company = await findCompany(client, companyId);
  if (!company) throw new AppError(404, 'company_not_found', MESSAGES.companyNotFound);
  const base = await currentVersion(client, companyId, userId);
  const id = randomUUID();
  const workspaceId = randomUUID();
  await client.query(
    `INSERT INTO company.companies (id, name, settings, created_by, proposal_of) VALUES ($1, $2, $3, $4, $5)`,
    [workspaceId, company.name, JSON.stringify(company.settings), userId, companyId],
  );
  // The live plan is the base version's content (currentVersion just made sure of it).
  await copyPlanToWorkspace(client, companyId, workspaceId);
  await setTenantCompany(client, companyId);
  const stored = await insertProposal(client, {
    id,
    companyId,
    workspaceId,
    name: input.name.trim(),
    description: input.description ?? '',
    authorId: userId,
    baseVersion: base.version,
    source: input.source,
  });
  return { stored, settings: company.settings };
}
