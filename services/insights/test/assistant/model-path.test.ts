import { randomUUID } from 'node:crypto';
import { UNVERIFIED_NOTE } from '@tracemap/assistant';
import type { GetEventOutput, PlanSnapshot } from '@tracemap/contracts';
import { examplePlanSnapshot } from '@tracemap/discovery';
import { startHarness, type Harness, type TestUser } from '../support/harness';
import {
  promptText,
  scriptedModel,
  silentModel,
  textReply,
  TOKENS_PER_CALL,
  toolOutputs,
  toolReply,
} from './support/scripted-model';
import { askJson, startThread } from './support/chat-calls';

let h: Harness;
let companyId: string;
let plan: PlanSnapshot;
let owner: TestUser;
let creator: TestUser;
let eventId: string;

beforeAll(async () => {
  h = await startHarness();
  companyId = randomUUID();
  plan = { ...examplePlanSnapshot(), companyId };
  h.peer.snapshots.set(companyId, plan);
  owner = await h.user(companyId, 'owner');
  creator = await h.user(companyId, 'creator');
  eventId = plan.events.find((e) => e.name === 'Product Viewed')!.id;
  // Starting the service (a fresh database, its migrations) is slow on a busy machine.
}, 120_000);
afterAll(async () => {
  await h.close();
});
afterEach(() => {
  h.deps.assistantModel.model = null;
  h.deps.assistantModel.timeoutMs = h.config.ASSISTANT_MODEL_TIMEOUT_MS;
  h.deps.assistantModel.dailyTokens = h.config.ASSISTANT_DAILY_TOKENS;
});

const chat = (path = '') => `/api/insights/${companyId}/chat${path}`;

const newThread = (user: TestUser) => startThread(h, companyId, user);
const ask = (user: TestUser, threadId: string, content: string) => askJson(h, companyId, user, threadId, content);

/** Server-sent events as the client reads them: one `event:` and one `data:` line each. */
function streamEvents(payload: string): Array<{ event: string; data: Record<string, unknown> & { text?: string } }> {
  return payload
    .trim()
    .split('\n\n')
    .map((block) => {
      const [event, data] = block.split('\n');
      return { event: event.slice('event: '.length), data: JSON.parse(data.slice('data: '.length)) };
    });
}

/** The event's attribute count as get_event returned it to the model. */
const attributeCount = (output: unknown) => (output as GetEventOutput).attributeCount;

async function stored(answerId: string) {
  const { rows } = await h.admin.query<{ tokens: number; latency_ms: number; mode: string; tool_calls: unknown[] }>(
    `SELECT tokens, latency_ms, mode, tool_calls FROM insights.assistant_messages WHERE id = $1`,
    [answerId],
  );
  return rows[0];
}

describe('the model path', () => {
  it('calls a tool, then answers with a grounded citation; tokens and latency are stored', async () => {
    const model = scriptedModel(toolReply('get_event', { event: 'Product Viewed' }), (options) =>
      textReply(`Product Viewed [[event:${eventId}]] has ${attributeCount(toolOutputs(options)[0])} attributes.`),
    );
    h.deps.assistantModel.model = model;
    const answer = await ask(creator, await newThread(creator), 'How many attributes does Product Viewed have?');
    expect(answer.mode).toBe('model');
    expect(answer.grounding).toEqual({ verified: true, unverifiedNumbers: [] });
    expect(answer.references).toEqual([{ kind: 'event', id: eventId }]);
    expect(answer.content).toContain(`[[event:${eventId}]]`);
    expect(answer.content).not.toContain(UNVERIFIED_NOTE);
    expect(model.doStreamCalls).toHaveLength(2);
    const row = await stored(answer.id);
    expect(row).toMatchObject({ mode: 'model', tokens: 2 * TOKENS_PER_CALL });
    expect(row.latency_ms).toBeGreaterThanOrEqual(0);
    expect(row.tool_calls).toEqual([
      expect.objectContaining({ tool: 'get_event', input: { event: 'Product Viewed' } }),
    ]);
  });

  it('catches a number no tool returned and asks the model once more, which repairs it', async () => {
    let repairPrompt = '';
    const model = scriptedModel(
      toolReply('get_event', { event: 'Product Viewed' }),
      textReply(`Product Viewed [[event:${eventId}]] has 987654 attributes.`),
      (options) => {
        repairPrompt = promptText(options);
        return textReply(
          `Product Viewed [[event:${eventId}]] has ${attributeCount(toolOutputs(options)[0])} attributes.`,
        );
      },
    );
    h.deps.assistantModel.model = model;
    const answer = await ask(creator, await newThread(creator), 'How many attributes does Product Viewed have?');
    expect(repairPrompt).toContain('987654');
    expect(answer.grounding.verified).toBe(true);
    expect(answer.content).not.toContain('987654');
    expect(model.doStreamCalls).toHaveLength(3);
  });

  it('strikes a number still unsupported after the repair round and marks the answer unverified', async () => {
    h.deps.assistantModel.model = scriptedModel(
      toolReply('get_event', { event: 'Product Viewed' }),
      textReply(`Product Viewed [[event:${eventId}]] fired 987654 times.`),
      textReply(`Product Viewed [[event:${eventId}]] fired 987654 times.`),
    );
    const answer = await ask(creator, await newThread(creator), 'How often did Product Viewed fire?');
    expect(answer.grounding).toEqual({ verified: false, unverifiedNumbers: ['987654'] });
    expect(answer.content).toContain('~~987654~~');
    expect(answer.content).toContain(UNVERIFIED_NOTE);
  });

  it('catches a forged reference: it is removed from the answer and reported', async () => {
    const forged = randomUUID();
    h.deps.assistantModel.model = scriptedModel(
      toolReply('get_event', { event: 'Product Viewed' }),
      textReply(`Product Viewed [[event:${eventId}]] is like Order Completed [[event:${forged}]].`),
      textReply(`Product Viewed [[event:${eventId}]] is like Order Completed [[event:${forged}]].`),
    );
    const answer = await ask(creator, await newThread(creator), 'What is Product Viewed like?');
    expect(answer.grounding).toEqual({
      verified: false,
      unverifiedNumbers: [],
      invalidReferences: [{ kind: 'event', id: forged }],
    });
    expect(answer.references).toEqual([{ kind: 'event', id: eventId }]);
    expect(answer.content).not.toContain(forged);
  });

  it('falls back to the offline answerer when the provider does not answer in time', async () => {
    h.deps.assistantModel.model = silentModel();
    h.deps.assistantModel.timeoutMs = 200;
    const answer = await ask(creator, await newThread(creator), 'Is Product Viewed tracked?');
    expect(answer.mode).toBe('offline');
    expect(answer.content).toContain('Yes');
    expect((await stored(answer.id)).mode).toBe('offline');
  });

  it('falls back to the offline answerer when the model writes no answer', async () => {
    h.deps.assistantModel.model = scriptedModel(textReply('   '));
    const answer = await ask(creator, await newThread(creator), 'Is Product Viewed tracked?');
    expect(answer.mode).toBe('offline');
    expect(answer.content).toContain('Yes');
  });

  it('falls back to the offline answerer when the provider fails', async () => {
    h.deps.assistantModel.model = scriptedModel(() => {
      throw new Error('provider down');
    });
    const answer = await ask(creator, await newThread(creator), 'Is Product Viewed tracked?');
    expect(answer.mode).toBe('offline');
    expect(answer.content).toContain('Yes');
  });

  it("always shows the model the company's glossary and the rules", async () => {
    const settings = await h.call(owner, {
      method: 'PUT',
      url: chat('/settings'),
      payload: { glossary: 'A "PDP view" is Product Viewed.' },
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toEqual({ enabled: true, glossary: 'A "PDP view" is Product Viewed.' });
    expect((await h.call(owner, { method: 'GET', url: chat('/settings') })).json().glossary).toContain('PDP view');
    expect(
      (await h.call(creator, { method: 'PUT', url: chat('/settings'), payload: { glossary: 'x' } })).statusCode,
    ).toBe(403);
    const model = scriptedModel(textReply('I cannot tell without looking it up.'));
    h.deps.assistantModel.model = model;
    await ask(creator, await newThread(creator), 'What is a PDP view?');
    const system = promptText(model.doStreamCalls[0]);
    expect(system).toContain('A "PDP view" is Product Viewed.');
    expect(system).toContain('[[event:<id>]]');
    expect(system).toMatch(/data, not instructions/);
    await h.call(owner, { method: 'PUT', url: chat('/settings'), payload: { glossary: '' } });
  });

  it('streams tool calls and checked deltas as they come, then references and done', async () => {
    h.deps.assistantModel.model = scriptedModel(toolReply('get_event', { event: 'Product Viewed' }), (options) =>
      textReply(
        `Product Viewed [[event:${eventId}]] is planned. It has ${attributeCount(toolOutputs(options)[0])} attributes.`,
      ),
    );
    const threadId = await newThread(creator);
    const response = await h.call(creator, {
      method: 'POST',
      url: chat(`/threads/${threadId}/messages`),
      headers: { accept: 'text/event-stream' },
      payload: { content: 'Tell me about Product Viewed' },
    });
    expect(response.statusCode).toBe(200);
    const events = streamEvents(response.payload);
    expect(events[0]).toMatchObject({ event: 'tool', data: { tool: 'get_event' } });
    const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.text);
    expect(deltas.length).toBeGreaterThan(1);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.mode).toBe('model');
    expect(deltas.join('')).toBe(done.data.content);
    expect(events.filter((e) => e.event === 'reference').map((e) => e.data)).toEqual([{ kind: 'event', id: eventId }]);
  });

  it('never streams a sentence that fails the check; done carries the repaired answer', async () => {
    h.deps.assistantModel.model = scriptedModel(
      toolReply('get_event', { event: 'Product Viewed' }),
      textReply(`Product Viewed [[event:${eventId}]] is planned. It fired 987654 times. That is a lot.`),
      textReply(`Product Viewed [[event:${eventId}]] is planned.`),
    );
    const threadId = await newThread(creator);
    const response = await h.call(creator, {
      method: 'POST',
      url: chat(`/threads/${threadId}/messages`),
      headers: { accept: 'text/event-stream' },
      payload: { content: 'How often did Product Viewed fire?' },
    });
    const events = streamEvents(response.payload);
    const streamed = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(streamed).toBe(`Product Viewed [[event:${eventId}]] is planned.`);
    expect(events.at(-1)).toMatchObject({
      event: 'done',
      data: { content: `Product Viewed [[event:${eventId}]] is planned.`, grounding: { verified: true } },
    });
  });

  it("refuses questions past the company's daily token cap without calling the model", async () => {
    const other = randomUUID();
    h.peer.snapshots.set(other, { ...plan, companyId: other });
    const member = await h.user(other, 'creator');
    const model = scriptedModel(textReply('Nothing to add.'), textReply('Nothing to add.'));
    h.deps.assistantModel.model = model;
    h.deps.assistantModel.dailyTokens = TOKENS_PER_CALL + 1;
    const at = (path: string) => `/api/insights/${other}/chat${path}`;
    const threadId = (await h.call(member, { method: 'POST', url: at('/threads') })).json().id;
    const post = (accept: string) =>
      h.call(member, {
        method: 'POST',
        url: at(`/threads/${threadId}/messages`),
        headers: { accept },
        payload: { content: 'Anything new?' },
      });
    expect((await post('application/json')).statusCode).toBe(200);
    expect((await post('application/json')).statusCode).toBe(200);
    for (const accept of ['application/json', 'text/event-stream']) {
      const refused = await post(accept);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'token_cap_reached' });
    }
    expect(model.doStreamCalls).toHaveLength(2);
    const owner = await h.user(other, 'owner');
    const usage = (await h.call(owner, { method: 'GET', url: at('/usage') })).json();
    expect(usage.days[29].tokens).toBe(2 * TOKENS_PER_CALL);
    // Without a model nothing is capped: the offline answerer still answers.
    h.deps.assistantModel.model = null;
    expect((await post('application/json')).json().mode).toBe('offline');
  });
});
