import { MockLanguageModelV3, simulateReadableStream } from 'ai/test';
import { answerWithModel, toolContext, type ToolActivity } from '../../src';
import { exampleData } from '../support/example-data';

type StreamResult = Awaited<ReturnType<MockLanguageModelV3['doStream']>>;
type Part = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};
const stream = (chunks: Part[]): StreamResult => ({ stream: simulateReadableStream({ chunks }) });
const text = (value: string): StreamResult =>
  stream([
    { type: 'text-start', id: 't' },
    ...(value.match(/\S+\s*/g) ?? []).map((delta): Part => ({ type: 'text-delta', id: 't', delta })),
    { type: 'text-end', id: 't' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
  ]);
const call = (toolName: string, input: unknown): StreamResult =>
  stream([
    { type: 'tool-call', toolCallId: 'c', toolName, input: JSON.stringify(input) },
    { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_use' }, usage },
  ]);

const { data } = exampleData();
const ctx = toolContext(data, 'admin');
const event = data.plan.events.find((e) => e.name === 'Product Viewed')!;

function ask(model: MockLanguageModelV3, deltas: string[], tools: ToolActivity[] = []) {
  return answerWithModel({
    model,
    ctx,
    question: 'Tell me about Product Viewed',
    history: [],
    prompt: { glossary: '', sources: [], today: '2024-06-01' },
    runQuery: null,
    onDelta: (t) => deltas.push(t),
    onTool: (t) => tools.push(t),
  });
}

describe('answering with a model', () => {
  it('passes on checked sentences only, stops at the first unsupported one, and keeps what the repair says', async () => {
    const replies = [
      call('get_event', { event: 'Product Viewed' }),
      text(`Product Viewed [[event:${event.id}]] is in the plan. It fired 4242 times. More follows.`),
      text(`Product Viewed [[event:${event.id}]] is in the plan.`),
    ];
    const model = new MockLanguageModelV3({ doStream: async () => replies.shift()! });
    const deltas: string[] = [];
    const tools: ToolActivity[] = [];
    const answer = await ask(model, deltas, tools);
    expect(deltas.join('')).toBe(`Product Viewed [[event:${event.id}]] is in the plan.`);
    expect(tools.map((t) => t.tool)).toEqual(['get_event']);
    expect(answer).toMatchObject({
      content: `Product Viewed [[event:${event.id}]] is in the plan.`,
      repaired: true,
      grounding: { verified: true, unverifiedNumbers: [] },
      references: [{ kind: 'event', id: event.id }],
      tokens: 45,
    });
  });

  it('answers a tool input the schema refuses as an error the model reads', async () => {
    const seen: unknown[] = [];
    const replies = [call('get_event', { nope: true }), text('I could not look that up.')];
    const model = new MockLanguageModelV3({
      doStream: async (options) => {
        for (const message of options.prompt)
          if (message.role === 'tool') for (const part of message.content) seen.push(part);
        return replies.shift()!;
      },
    });
    const answer = await ask(model, []);
    expect(JSON.stringify(seen)).toContain('Invalid input');
    expect(answer.grounding.verified).toBe(true);
  });
});
