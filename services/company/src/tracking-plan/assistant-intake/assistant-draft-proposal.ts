import type { CompanyDeps } from '../../core/deps';
import { tenantTransaction } from '../../core/tenant';
import { findOrOpenProducerDraft, type DraftTarget } from '../proposals/draft-proposal-for';
import { newestDraftFrom } from '../proposals/proposal-repository';

/** The workspace of the assistant's open draft proposal, or null when none is open. */
export async function openAssistantDraft(
  deps: CompanyDeps,
  actor: { companyId: string; userId: string },
): Promise<string | null> {
  const found = await tenantTransaction(deps.db, actor, (client) =>
    newestDraftFrom(client, actor.companyId, 'assistant'),
  );
  return found?.workspaceId ?? null;
}

/**
 * Where a change the assistant drafted goes once an editor applies it: the newest draft
 * proposal the assistant opened, else one opened now in the editor's name. Unlike other
 * producers' changes this is a proposal whatever the company's setting: the assistant's
 * changes are never written to the live plan directly.
 */
export async function assistantDraftProposal(
  deps: CompanyDeps,
  actor: { companyId: string; userId: string },
): Promise<DraftTarget> {
  return tenantTransaction(deps.db, actor, (client) => findOrOpenProducerDraft(client, actor, 'assistant'));
}
