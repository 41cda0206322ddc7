import { MockLanguageModelV3, simulateReadableStream } from 'ai/test';

type LanguageModelV3CallOptions = Parameters<MockLanguageModelV3['doStream']>[0];
type LanguageModelV3StreamResult = Awaited<ReturnType<MockLanguageModelV3['doStream']>>;
type LanguageModelV3StreamPart = LanguageModelV3StreamResult['stream'] extends ReadableStream<infer P> ? P : never;

// The SDK's mock language model, scripted turn by turn: each model call takes the next reply.

export const TOKENS_PER_CALL = 120;

const usage = {
  inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: TOKENS_PER_CALL - 100, text: TOKENS_PER_CALL - 100, reasoning: 0 },
};

function stream(chunks: LanguageModelV3StreamPart[]): LanguageModelV3StreamResult {
  return { stream: simulateReadableStream({ chunks }) };
}

/** A text answer, sent in small deltas as a provider would. */
export function textReply(text: string): LanguageModelV3StreamResult {
  const words = text.match(/\S+\s*/g) ?? [];
  return stream([
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 'text' },
    ...words.map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 'text', delta })),
    { type: 'text-end', id: 'text' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
  ]);
}

/** A call of one tool. */
export function toolReply(toolName: string, input: unknown, id = 'call-1'): LanguageModelV3StreamResult {
  return stream([
    { type: 'stream-start', warnings: [] },
    { type: 'tool-call', toolCallId: id, toolName, input: JSON.stringify(input) },
    { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_use' }, usage },
  ]);
}

type Reply = LanguageModelV3StreamResult | ((options: LanguageModelV3CallOptions) => LanguageModelV3StreamResult);

/** A model answering each call with the next reply; a reply may read the prompt (tool results). */
export function scriptedModel(...replies: Reply[]): MockLanguageModelV3 {
  let next = 0;
  return new MockLanguageModelV3({
    doStream: async (options) => {
      const reply = replies[next++];
      if (!reply) throw new Error(`the script has no reply for call ${next}`);
      return typeof reply === 'function' ? reply(options) : reply;
    },
  });
}

/** A model that answers nothing until its call is aborted (a provider past its timeout). */
export function silentModel(): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doStream: ({ abortSignal }) =>
      new Promise((_, reject) => {
        abortSignal?.addEventListener('abort', () => reject(abortSignal.reason), { once: true });
      }),
  });
}

/** The outputs of the tool results the model was sent, latest last. */
export function toolOutputs(options: LanguageModelV3CallOptions): unknown[] {
  const out: unknown[] = [];
  for (const message of options.prompt) {
    if (message.role !== 'tool') continue;
    for (const part of message.content)
      if (part.type === 'tool-result' && part.output.type === 'json') out.push(part.output.value);
  }
  return out;
}

/** The system prompt and every text the model was sent. */
export function promptText(options: LanguageModelV3CallOptions): string {
  return options.prompt
    .map((message) =>
      typeof message.content === 'string'
        ? message.content
        : message.content.map((part) => ('text' in part ? part.text : '')).join(''),
    )
    .join('\n');
}
