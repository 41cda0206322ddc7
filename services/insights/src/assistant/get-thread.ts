import type { ChatThread } from '@tracemap/contracts';
import type { InsightsDeps } from '../deps';
import { inCompany } from '../ingest/tenant-transaction';
import { assistantError } from './assistant-errors';
import type { CompanyActor } from '../core/company-access';
import { findThread, listMessages } from './chat-repository';

/** The caller's thread with its messages; someone else's answers 404 like one that does not exist. */
export async function getThread(
  deps: Pick<InsightsDeps, 'db'>,
  actor: CompanyActor,
  threadId: string,
): Promise<ChatThread> {
  const thread = await inCompany(deps.db, actor.companyId, async (client) => {
    const summary = await findThread(client, actor.userId, threadId);
    return summary ? { ...summary, messages: await listMessages(client, threadId) } : null;
  });
  if (!thread) throw assistantError('thread_not_found');
  return thread;
}
