import { AppError, type Queryable } from '@tracemap/service-kit';
import type { NativePlan, PlanVersion } from '@tracemap/contracts';
import { mergePlans, toNativePlan, type MergeConflict, type MergeResolution } from '@tracemap/tracking-plan';
import { audited } from '../../core/audit';
import type { CompanyDeps } from '../../core/deps';
import { findCompany } from '../../core/company-repository';
import { setTenantCompany, tenantTransaction } from '../../core/tenant';
import { loadPlanSettings, planChanged, type PlanActor } from '../shared/plan-context';
import { exportNative, insertVersion, versionPlan } from '../versions/version-repository';
import { applyMergedPlan } from './apply-merged-plan';
import { blockingFindings, refuseNewLintErrors } from './merge-lint';
import {
  approvalsRequired,
  mergeBreaksPlan,
  mergeConflict,
  proposalClosed,
  proposalNotFound,
  PROPOSAL_MESSAGES,
} from './proposal-errors';
import { findProposal, listReviews, updateProposal, type StoredProposal } from './proposal-repository';
import { countedApprovals, isOpen, proposalSettings } from './proposal-rules';

/**
 * Merges a proposal into the live plan: three ways (its base version, the
 * proposal's plan, the live plan now), entity by entity and field by field,
 * with the conflicts the author resolved. One transaction writes the live
 * plan, records history naming the proposal, adds the plan version and marks
 * the proposal merged; the plan's tables announce the change as every write
 * does. Owners may merge without the approvals the company asks for (the
 * proposal records it); open conflicts refuse the merge with 409, and a
 * merged plan with lint errors the live plan did not have with 422.
 */
export async function mergeProposal(deps: CompanyDeps, actor: PlanActor, id: string): Promise<PlanVersion> {
  const { companyId, userId } = actor;
  const version = await tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const proposal = await findProposal(client, companyId, id, { forUpdate: true });
    if (!proposal) throw proposalNotFound();
    if (!isOpen(proposal.status)) throw proposalClosed();
    const settings = proposalSettings((await findCompany(client, companyId))?.settings ?? {});
    const approvals = countedApprovals(
      await listReviews(client, companyId, [id]),
      proposal.authorId,
      settings.approvers,
    );
    const emergency = approvals < settings.approvalsRequired;
    if (emergency && actor.role !== 'owner') throw approvalsRequired(approvals, settings.approvalsRequired);
    // Merges of one company run one at a time, so each starts from the version the last one made.
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('plan-merge:' || $1))`, [companyId]);
    await lockLivePlan(client, companyId);
    const { live, merge } = await threeWay(client, proposal);
    if (merge.conflicts.length > 0) throw mergeConflict(merge.conflicts);
    const planSettings = await loadPlanSettings(client, companyId);
    const lintBefore = blockingFindings(live, planSettings);
    try {
      await applyMergedPlan(client, companyId, live, merge.plan, { userId, proposalId: id });
    } catch (error) {
      // The transaction is rolled back whole either way; this names why.
      throw breaksPlan(error) ? mergeBreaksPlan() : error;
    }
    // Lint runs on the merged plan as on any save (the plan just written, from memory); refused, the
    // transaction leaves nothing written.
    refuseNewLintErrors(lintBefore, blockingFindings(merge.plan, planSettings));
    // The merged plan is what was just written, so it is the version as an export would read it back.
    const created = await insertVersion(client, companyId, {
      plan: toNativePlan(merge.plan),
      proposalId: id,
      createdBy: userId,
    });
    await updateProposal(client, companyId, id, { status: 'merged', mergedVersion: created.version, emergency });
    return { created, emergency };
  });
  planChanged(deps, companyId);
  // The company's audit log names merges, an owner's emergency merge without approvals among them.
  return audited(version.created, {
    details: { proposalId: id, version: version.created.version, emergency: version.emergency },
  });
}

/**
 * Live edits wait for the merge (and a merge for edits under way): an entity
 * changed between the merge's read of the live plan and its write would
 * otherwise lose that change. NO KEY: links being added to these rows by
 * live writes (their key-share locks) do not deadlock with it.
 */
async function lockLivePlan(client: Queryable, companyId: string): Promise<void> {
  for (const table of ['plan_attributes', 'plan_events', 'plan_views', 'maps'])
    await client.query(`SELECT 1 FROM company.${table} WHERE company_id = $1 FOR NO KEY UPDATE`, [companyId]);
}

/** A unique name taken twice, or a row deleted while another still points at it. */
function breaksPlan(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === '23503';
}

/** What merging would do now, with the resolutions given (or those the proposal keeps). */
export async function threeWay(
  client: Queryable,
  proposal: StoredProposal,
  resolutions: readonly MergeResolution[] = proposal.resolutions,
): Promise<{ live: NativePlan; merge: { plan: NativePlan; conflicts: MergeConflict[] } }> {
  const base = await versionPlan(client, proposal.companyId, proposal.baseVersion);
  if (!base) throw new AppError(404, 'version_not_found', PROPOSAL_MESSAGES.versionNotFound);
  await setTenantCompany(client, proposal.workspaceId);
  const proposed = await exportNative(client, proposal.workspaceId);
  await setTenantCompany(client, proposal.companyId);
  const live = await exportNative(client, proposal.companyId);
  return { live, merge: mergePlans(base, proposed, live, resolutions) };
}
