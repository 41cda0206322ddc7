import { randomUUID } from 'node:crypto';
import { answerOffline, type TurnCall } from '@tracemap/assistant';
import type { ChatAnswer, ChatToolCall } from '@tracemap/contracts';
import type { CompanyActor } from '../core/company-access';
import { inCompany } from '../ingest/tenant-transaction';
import { assistantContext, type AssistantDeps } from './assistant-context';
import { assistantError } from './assistant-errors';
import { findThread, insertMessage, readEnabled, touchThread } from './chat-repository';

const TITLE_LENGTH = 80;

/** A stored answer with the tool calls behind it, for the stream to replay. */
export interface AskedAnswer {
  answer: ChatAnswer;
  toolCalls: ChatToolCall[];
}

const toToolCall = (call: TurnCall): ChatToolCall => ({ tool: call.tool, input: call.input });

/**
 * Checks, before any answering, that the assistant is on and the thread is the caller's, and
 * stores the question. Separate from answering so the stream can refuse with a plain error.
 */
export async function acceptQuestion(
  deps: AssistantDeps,
  actor: CompanyActor,
  threadId: string,
  content: string,
): Promise<void> {
  await inCompany(deps.db, actor.companyId, async (client) => {
    if (!(await readEnabled(client))) throw assistantError('assistant_disabled');
    const thread = await findThread(client, actor.userId, threadId, { lock: true });
    if (!thread) throw assistantError('thread_not_found');
    await insertMessage(client, {
      id: randomUUID(),
      companyId: actor.companyId,
      threadId,
      role: 'user',
      content,
    });
    await touchThread(client, threadId, content.trim().slice(0, TITLE_LENGTH));
  });
}

/**
 * Answers a stored question. No model is connected in this service yet, so the
 * offline answerer answers: a recognised intent through the read-only tools
 * and the grounding check, anything else the honest refusal. The answer is
 * stored with its references, tool calls, grounding result and latency.
 */
export async function answerQuestion(
  deps: AssistantDeps,
  actor: CompanyActor,
  threadId: string,
  content: string,
): Promise<AskedAnswer> {
  const started = performance.now();
  const ctx = await assistantContext(deps, actor.companyId, actor.role);
  const offline = answerOffline(content, ctx);
  const latencyMs = Math.round(performance.now() - started);
  const answer: ChatAnswer = {
    id: randomUUID(),
    content: offline.content,
    references: offline.references,
    grounding: offline.grounding,
    mode: 'offline',
  };
  const toolCalls = offline.toolCalls.map(toToolCall);
  await inCompany(deps.db, actor.companyId, async (client) => {
    await insertMessage(client, {
      id: answer.id,
      companyId: actor.companyId,
      threadId,
      role: 'assistant',
      content: answer.content,
      references: answer.references,
      toolCalls,
      grounding: answer.grounding,
      mode: answer.mode,
      tokens: 0,
      latencyMs,
    });
    await touchThread(client, threadId, '');
  });
  return { answer, toolCalls };
}
