import { randomUUID } from 'node:crypto';
import { answerOffline } from '@tracemap/assistant';
import type { ChatAnswer, ChatToolCall } from '@tracemap/contracts';
import type { CompanyActor } from '../core/company-access';
import { inCompany } from '../ingest/tenant-transaction';
import { assistantContext, type AssistantDeps } from './assistant-context';
import { assistantError } from './assistant-errors';
import { findThread, insertMessage, readEnabled, touchThread } from './chat-repository';
import { storedToolCall } from './stored-tool-call';
import { answerByModel, type AnswerListener, type ModelDeps } from './model/answer-by-model';
import { tokensToday } from './model/model-repository';

export type AskDeps = AssistantDeps & ModelDeps;

const TITLE_LENGTH = 80;

/** A stored answer with the tool calls behind it, for the stream to replay. */
export interface AskedAnswer {
  answer: ChatAnswer;
  toolCalls: ChatToolCall[];
}

/**
 * Checks, before any answering, that the assistant is on, the thread is the caller's and, with
 * a model connected, that the company has model tokens left today, and stores the question.
 * Separate from answering so the stream can refuse with a plain error.
 */
export async function acceptQuestion(
  deps: AssistantDeps & Pick<ModelDeps, 'assistantModel'>,
  actor: CompanyActor,
  threadId: string,
  content: string,
): Promise<void> {
  await inCompany(deps.db, actor.companyId, async (client) => {
    if (!(await readEnabled(client))) throw assistantError('assistant_disabled');
    const { model, dailyTokens } = deps.assistantModel;
    if (model && (await tokensToday(client)) >= dailyTokens) throw assistantError('token_cap_reached');
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
 * Answers a stored question: the configured model through the read-only tools, or, with no
 * model or when it fails, the offline answerer (a recognised intent through the same tools,
 * anything else the honest refusal). Either answer passed the grounding check; it is stored
 * with its references, tool calls, grounding result, tokens and latency.
 */
export async function answerQuestion(
  deps: AskDeps,
  actor: CompanyActor,
  threadId: string,
  content: string,
  listener: AnswerListener = {},
): Promise<AskedAnswer> {
  const started = performance.now();
  const ctx = await assistantContext(deps, actor.companyId, actor.role);
  const model = deps.assistantModel.model;
  const outcome = model ? await answerByModel(deps, model, actor, threadId, content, ctx, listener) : null;
  let answer: ChatAnswer;
  let toolCalls: ChatToolCall[];
  let tokens = 0;
  if (outcome?.ok) {
    const { answer: written } = outcome;
    answer = {
      id: randomUUID(),
      content: written.content,
      references: written.references,
      grounding: written.grounding,
      mode: 'model',
    };
    toolCalls = outcome.toolCalls;
    tokens = written.tokens;
  } else {
    const offline = answerOffline(content, ctx);
    answer = {
      id: randomUUID(),
      content: offline.content,
      references: offline.references,
      grounding: offline.grounding,
      mode: 'offline',
    };
    toolCalls = offline.toolCalls.map(storedToolCall);
    tokens = outcome?.tokens ?? 0;
  }
  const latencyMs = Math.round(performance.now() - started);
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
      tokens,
      latencyMs,
    });
    await touchThread(client, threadId, '');
  });
  return { answer, toolCalls };
}
