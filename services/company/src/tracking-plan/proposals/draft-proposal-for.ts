import type pg from 'pg';
import type { CompanyDeps } from '../../core/deps';
import { findCompany } from '../../core/company-repository';
import { tenantTransaction } from '../../core/tenant';
import { openProposalIn } from './open-proposal';
import { newestDraftFrom, type ProposalSource } from './proposal-repository';
import { proposalSettings } from './proposal-rules';

const NAMES: Record<Exclude<ProposalSource, 'person'>, { name: string; description: string }> = {
  discovery: {
    name: 'From discovery',
    description: 'Events and properties analytics discovery observed, added to the plan from its findings.',
  },
  assistant: { name: 'From the assistant', description: 'Changes the assistant drafted, applied by an editor.' },
};

/** The proposal a producer's change goes to, with the workspace holding its plan. */
export interface DraftTarget {
  proposal: { id: string; name: string; created: boolean };
  workspaceId: string;
}

/**
 * When the company makes changes through proposals, where a producer's change
 * (discovery's "Add to plan", the assistant's drafts) goes: the newest draft that
 * producer opened, else a new one it opens in the editor's name. Null when the
 * company's changes go to the live plan. Producers of one company find or open
 * their draft one at a time, so two changes at once never open two.
 */
export async function draftProposalFor(
  deps: CompanyDeps,
  actor: { companyId: string; userId: string },
  source: Exclude<ProposalSource, 'person'>,
): Promise<DraftTarget | null> {
  return tenantTransaction(deps.db, actor, async (client) => {
    const company = await findCompany(client, actor.companyId);
    if (!company || !proposalSettings(company.settings).proposalsRequired) return null;
    return findOrOpenProducerDraft(client, actor, source);
  });
}

/**
 * Inside the caller's tenant transaction: the newest draft the producer opened, else a new one
 * opened in the editor's name. Producers of one company find or open their draft one at a time.
 */
export async function findOrOpenProducerDraft(
  client: pg.PoolClient,
  actor: { companyId: string; userId: string },
  source: Exclude<ProposalSource, 'person'>,
): Promise<DraftTarget> {
  await client.query(`SELECT pg_advisory_xact_lock(hashtext('producer-draft:' || $1 || ':' || $2))`, [
    actor.companyId,
    source,
  ]);
  const found = await newestDraftFrom(client, actor.companyId, source);
  if (found) return { proposal: { id: found.id, name: found.name, created: false }, workspaceId: found.workspaceId };
  const { stored } = await openProposalIn(client, actor, { ...NAMES[source], source });
  return { proposal: { id: stored.id, name: stored.name, created: true }, workspaceId: stored.workspaceId };
}
