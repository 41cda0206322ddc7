import type { CompanyDeps } from '../../core/deps';
import { tenantTransaction } from '../../core/tenant';
import type { DraftTarget } from '../proposals/draft-proposal-for';
import { openProposalIn } from '../proposals/open-proposal';
import { newestDraftFrom } from '../proposals/proposal-repository';

const ASSISTANT_DRAFT = {
  name: 'From the assistant',
  description: 'Changes the assistant drafted, applied by an editor.',
  source: 'assistant',
} as const;

// The same lock as every producer's draft takes, so this and discovery-style callers of the
// assistant's draft never open two at once.
const LOCK = `SELECT pg_advisory_xact_lock(hashtext('producer-draft:' || $1 || ':' || $2))`;

/** The workspace of the assistant's open draft proposal, or null when none is open. */
export async function openAssistantDraft(
  deps: CompanyDeps,
  actor: { companyId: string; userId: string },
): Promise<string | null> {
  const found = await tenantTransaction(deps.db, actor, (client) =>
    newestDraftFrom(client, actor.companyId, ASSISTANT_DRAFT.source),
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
  return tenantTransaction(deps.db, actor, async (client) => {
    await client.query(LOCK, [actor.companyId, ASSISTANT_DRAFT.source]);
    const found = await newestDraftFrom(client, actor.companyId, ASSISTANT_DRAFT.source);
    if (found) return { proposal: { id: found.id, name: found.name, created: false }, workspaceId: found.workspaceId };
    const { stored } = await openProposalIn(client, actor, ASSISTANT_DRAFT);
    return { proposal: { id: stored.id, name: stored.name, created: true }, workspaceId: stored.workspaceId };
  });
}
