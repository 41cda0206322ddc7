import { answerWithModel, ModelFailure, type ModelAnswer, type ToolContext } from '@tracemap/assistant';
import type { ChatToolCall } from '@tracemap/contracts';
import type { LanguageModel } from 'ai';
import type { CompanyActor } from '../../core/company-access';
import type { InsightsDeps } from '../../deps';
import { inCompany } from '../../ingest/tenant-transaction';
import { listSources } from '../../sources/source-repository';
import { runSourceQuery } from '../queries/run-source-query';
import { storedToolCall } from '../stored-tool-call';
import { readGlossary, recentMessages } from './model-repository';

export type ModelDeps = Pick<InsightsDeps, 'db' | 'secrets' | 'config' | 'log' | 'assistantModel'>;

/** What the stream shows while the model works: checked text and each tool call as it ends. */
export interface AnswerListener {
  delta?: (text: string) => void;
  tool?: (call: ChatToolCall) => void;
}

export type ModelOutcome =
  | { ok: true; answer: ModelAnswer; toolCalls: ChatToolCall[] }
  /** The model failed: the offline answerer answers; `tokens` were spent all the same. */
  | { ok: false; tokens: number };

// The question itself is stored already and sent apart; this many messages before it give the model the conversation.
const HISTORY_MESSAGES = 12;

/**
 * The model's answer to a stored question, through the read-only tools (and `query_source`
 * where the company has GA4 or Amplitude sources), checked before it is shown. The whole
 * answer, its repair round included, has the configured time; a provider that fails or takes
 * longer is logged and the offline answerer answers instead.
 */
export async function answerByModel(
  deps: ModelDeps,
  model: LanguageModel,
  actor: CompanyActor,
  threadId: string,
  question: string,
  ctx: ToolContext,
  listener: AnswerListener = {},
): Promise<ModelOutcome> {
  const { glossary, history, sources } = await inCompany(deps.db, actor.companyId, async (db) => ({
    glossary: await readGlossary(db),
    history: (await recentMessages(db, threadId, HISTORY_MESSAGES + 1)).slice(0, -1),
    sources: (await listSources(db, actor.companyId)).filter(
      (s) => (s.kind === 'ga4' || s.kind === 'amplitude') && s.hasCredentials,
    ),
  }));
  const signal = AbortSignal.timeout(deps.assistantModel.timeoutMs);
  const toolCalls: ChatToolCall[] = [];
  try {
    const answer = await answerWithModel({
      model,
      ctx,
      question,
      history,
      prompt: {
        glossary,
        today: new Date().toISOString().slice(0, 10),
        sources: sources.map((s) => ({ id: s.id, kind: s.kind === 'ga4' ? 'ga4' : 'amplitude', name: s.name })),
      },
      runQuery: sources.length > 0 ? (input) => runSourceQuery(deps, actor, threadId, input, signal) : null,
      onDelta: listener.delta,
      onTool: (activity) => {
        const call = storedToolCall(activity);
        toolCalls.push(call);
        listener.tool?.(call);
      },
      signal,
    });
    return { ok: true, answer, toolCalls };
  } catch (error) {
    const tokens = error instanceof ModelFailure ? error.tokens : 0;
    deps.log[error instanceof ModelFailure ? 'warn' : 'error'](
      { err: error, companyId: actor.companyId, threadId, timedOut: signal.aborted },
      'the model did not answer; the offline answerer answers instead',
    );
    return { ok: false, tokens };
  }
}
