import { Value } from '@sinclair/typebox/value';
import { ProposeChangeInput, type AppliedDraft } from '@tracemap/contracts';
import type { CompanyActor } from '../core/company-access';
import type { InsightsDeps } from '../deps';
import { inCompany } from '../ingest/tenant-transaction';
import { assistantError } from './assistant-errors';
import { findThread, findToolCallMessage, writeToolCalls } from './chat-repository';

/**
 * An editor's click on a change the assistant drafted in their conversation: the company
 * service applies it into the assistant's draft proposal (never the live plan) through the
 * plan's own use cases, whose refusals come back as they are. What it did is kept on the tool
 * call, so applying the same draft again answers that record and changes nothing. The
 * message stays locked while the company service works: a second click waits for the
 * first and then finds it applied, instead of applying the draft twice.
 */
export async function applyDraftedChange(
  deps: Pick<InsightsDeps, 'db' | 'peers'>,
  actor: CompanyActor & { requestId?: string },
  threadId: string,
  toolCallId: string,
): Promise<AppliedDraft> {
  return inCompany(deps.db, actor.companyId, async (client) => {
    if (!(await findThread(client, actor.userId, threadId))) throw assistantError('thread_not_found');
    const message = await findToolCallMessage(client, threadId, toolCallId);
    const call = message?.toolCalls.find((c) => c.id === toolCallId);
    if (!message || !call || call.tool !== 'propose_change' || call.summary === undefined)
      throw assistantError('draft_not_found');
    if (call.applied) return call.applied;
    if (!Value.Check(ProposeChangeInput, call.input)) throw assistantError('draft_not_found');
    const answer = await deps.peers.assistantIntake(
      actor.companyId,
      { userId: actor.userId, draft: call.input },
      actor.requestId,
    );
    const applied: AppliedDraft = { ...answer, appliedAt: new Date().toISOString() };
    await writeToolCalls(
      client,
      message.id,
      message.toolCalls.map((c) => (c.id === toolCallId ? { ...c, applied } : c)),
    );
    return applied;
  });
}
