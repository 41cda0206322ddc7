import { stepCountIs, streamText, type LanguageModel, type ModelMessage } from 'ai';
import type { ChatGrounding, ChatReference } from '@tracemap/contracts';
import type { ToolContext } from '../data';
import { checkGrounding, shownAnswer, type GroundingCheck } from '../grounding/check-grounding';
import { Turn, type TurnCall } from '../tools/turn';
import { modelTools, type RunSourceQuery, type ToolActivity } from './model-tools';
import { repairPrompt, systemPrompt, type PromptContext } from './prompts';

export interface ModelQuestion {
  model: LanguageModel;
  ctx: ToolContext;
  question: string;
  /** Earlier messages of the conversation, oldest first. */
  history: ReadonlyArray<{ role: 'user' | 'assistant'; content: string }>;
  prompt: PromptContext;
  /** Null where no source can be queried (query_source is then not offered). */
  runQuery: RunSourceQuery | null;
  /** Text that passed the check so far, as the model writes it. */
  onDelta?: (text: string) => void;
  onTool?: (activity: ToolActivity) => void;
  /** Ends the model's work (the provider's timeout, the caller gone); the answer then fails. */
  signal?: AbortSignal;
  /** Model calls per attempt at most (each tool round is one). */
  maxSteps?: number;
}

export interface ModelAnswer {
  content: string;
  references: ChatReference[];
  grounding: ChatGrounding;
  calls: TurnCall[];
  tokens: number;
  /** True when the first answer failed the check and the model was asked again. */
  repaired: boolean;
}

/** The model could not answer: its provider failed, timed out, or the caller went away. */
export class ModelFailure extends Error {
  constructor(
    message: string,
    readonly tokens: number,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'ModelFailure';
  }
}

const MAX_STEPS = 8;
// A sentence ends at . ! ? or a line break followed by white space.
const SENTENCE_END = /[.!?\n](?=\s)/g;

/**
 * Passes on the model's text a sentence at a time, each only once every
 * number and citation written so far is supported by this turn's tool outputs.
 * From the first sentence that is not, nothing more is passed on: the checked
 * answer in full comes at the end, after the repair round.
 */
class CheckedDeltas {
  private text = '';
  private sent = 0;
  private blocked = false;

  constructor(
    private readonly turn: Turn,
    private readonly emit: ((text: string) => void) | undefined,
  ) {}

  push(delta: string): void {
    this.text += delta;
    if (this.blocked || !this.emit) return;
    let end = -1;
    for (const match of this.text.slice(this.sent).matchAll(SENTENCE_END)) end = this.sent + match.index + 1;
    if (end > this.sent) this.release(end);
  }

  finish(): string {
    if (!this.blocked && this.emit) this.release(this.text.length);
    return this.text;
  }

  private release(end: number): void {
    const check = checkGrounding(this.text.slice(0, end), evidenceOf(this.turn));
    if (!check.verified) {
      this.blocked = true;
      return;
    }
    if (end > this.sent) this.emit?.(this.text.slice(this.sent, end));
    this.sent = end;
  }
}

const evidenceOf = (turn: Turn) => ({ outputs: turn.outputs(), references: turn.references() });

async function attempt(
  input: ModelQuestion,
  turn: Turn,
  messages: ModelMessage[],
  emit: ((text: string) => void) | undefined,
): Promise<{ text: string; tokens: number; messages: ModelMessage[] }> {
  const deltas = new CheckedDeltas(turn, emit);
  let tokens = 0;
  let failure: unknown = null;
  let stepHadText = false;
  const result = streamText({
    model: input.model,
    system: systemPrompt(input.prompt),
    messages,
    tools: modelTools(turn, { runQuery: input.runQuery, onCall: input.onTool }),
    stopWhen: stepCountIs(input.maxSteps ?? MAX_STEPS),
    abortSignal: input.signal,
    maxRetries: 1,
    temperature: 0,
    // Errors arrive as stream parts and are handled below; the SDK would also print them.
    onError: () => undefined,
  });
  try {
    for await (const part of result.fullStream) {
      if (part.type === 'start-step') {
        if (stepHadText) deltas.push('\n\n');
        stepHadText = false;
      } else if (part.type === 'text-delta') {
        stepHadText ||= part.text.trim().length > 0;
        deltas.push(part.text);
      } else if (part.type === 'finish-step') tokens += part.usage.totalTokens ?? 0;
      else if (part.type === 'error') failure = part.error;
      else if (part.type === 'abort') failure = input.signal?.reason ?? new Error('aborted');
    }
  } catch (error) {
    failure = error;
  }
  if (failure !== null || input.signal?.aborted) {
    const reason = failure ?? input.signal?.reason;
    throw new ModelFailure(reason instanceof Error ? reason.message : String(reason), tokens, reason);
  }
  const text = deltas.finish().trim();
  // Tool calls to the last step and no words: nothing to show, as if the provider had failed.
  if (!text) throw new ModelFailure('the model wrote no answer', tokens);
  const response = await result.response;
  return { text, tokens, messages: [...messages, ...response.messages] };
}

/**
 * An answer written by the model through the read-only tools, checked before
 * it is shown: every citation must name an item a tool returned in this turn
 * and every number must appear in a tool output. A failing answer gets one
 * repair round (the model is told what failed); what still fails after it is
 * struck through and the answer marked unverified.
 */
export async function answerWithModel(input: ModelQuestion): Promise<ModelAnswer> {
  const turn = new Turn(input.ctx);
  const start: ModelMessage[] = [
    ...input.history.map((m): ModelMessage => ({ role: m.role, content: m.content })),
    { role: 'user', content: input.question },
  ];
  const first = await attempt(input, turn, start, input.onDelta);
  let text = first.text;
  let tokens = first.tokens;
  let check: GroundingCheck = checkGrounding(text, evidenceOf(turn));
  let repaired = false;
  if (!check.verified) {
    repaired = true;
    const second = await attempt(
      input,
      turn,
      [...first.messages, { role: 'user', content: repairPrompt(check) }],
      undefined,
    ).catch((error: unknown) => {
      // The first answer was complete: a failed repair keeps it, struck where it fails.
      if (error instanceof ModelFailure) return { text, tokens: error.tokens, messages: [] };
      throw error;
    });
    tokens += second.tokens;
    text = second.text || text;
    check = checkGrounding(text, evidenceOf(turn));
  }
  return {
    ...shownAnswer(text, check),
    calls: turn.calls,
    tokens,
    repaired,
  };
}
