import type { CompanyDeps } from '../../core/deps';
import { setTenantCompany, tenantTransaction } from '../../core/tenant';
import type { DraftTarget } from '../proposals/draft-proposal-for';

/**
 * Takes back a draft proposal opened for a change the plan then refused: its row and its
 * workspace (whose copied plan goes with it). Only while nothing was written into it (its
 * workspace has no history; the copy made on opening writes none), under the same lock as
 * opening one, so a change another request already made in it is never lost.
 */
export async function discardUnusedDraft(
  deps: CompanyDeps,
  actor: { companyId: string; userId: string },
  target: DraftTarget,
): Promise<void> {
  await tenantTransaction(deps.db, actor, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('producer-draft:' || $1 || ':' || $2))`, [
      actor.companyId,
      'assistant',
    ]);
    // The workspace's history is its own tenant's to read.
    await setTenantCompany(client, target.workspaceId);
    const { rows } = await client.query<{ written: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM company.plan_history WHERE company_id = $1) AS written`,
      [target.workspaceId],
    );
    await setTenantCompany(client, actor.companyId);
    if (rows[0].written) return;
    const { rowCount } = await client.query(
      `DELETE FROM company.proposals WHERE company_id = $1 AND id = $2 AND status = 'draft'`,
      [actor.companyId, target.proposal.id],
    );
    if (rowCount === 1)
      await client.query(`DELETE FROM company.companies WHERE id = $1 AND proposal_of = $2`, [
        target.workspaceId,
        actor.companyId,
      ]);
  });
}
