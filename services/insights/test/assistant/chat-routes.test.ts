import { randomUUID } from 'node:crypto';
import type { ChatAnswer, ChatReference, PlanSnapshot } from '@tracemap/contracts';
import { OFFLINE_REFUSAL } from '@tracemap/assistant';
import { examplePlanSnapshot, generateExampleTraffic } from '@tracemap/discovery';
import { waitFor } from '@tracemap/test-kit';
import { askJson, startThread } from './support/chat-calls';
import { startDiscoveryHarness, type DiscoveryHarness, type TestUser } from '../ingest/support/discovery-harness';

let h: DiscoveryHarness;
let companyId: string;
let plan: PlanSnapshot;
let owner: TestUser;
let creator: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  h = await startDiscoveryHarness();
  companyId = randomUUID();
  plan = { ...examplePlanSnapshot(), companyId };
  h.peer.subscriptions.set(companyId, 'active');
  h.peer.snapshots.set(companyId, plan);
  owner = await h.user(companyId, 'owner');
  creator = await h.user(companyId, 'creator');
  viewer = await h.user(companyId, 'viewer');
  const traffic = [...generateExampleTraffic({ seed: 3, events: 1500, format: 'segment' })];
  const upload = await h.call(creator, {
    method: 'POST',
    url: `/api/insights/${companyId}/discovery/uploads`,
    headers: { 'content-type': 'application/x-ndjson' },
    payload: traffic.map((r) => JSON.stringify(r)).join('\n'),
  });
  expect(upload.statusCode).toBe(202);
  await waitFor(
    () => h.admin.query(`SELECT count(*)::int AS n FROM insights.findings WHERE company_id = $1`, [companyId]),
    {
      until: (result) => result.rows[0].n > 0,
      timeoutMs: 30_000,
      message: 'no findings after the upload',
    },
  );
});
afterAll(async () => {
  await h.close();
});

const chat = (path = '') => `/api/insights/${companyId}/chat${path}`;

const newThread = (user: TestUser) => startThread(h, companyId, user);
const ask = (user: TestUser, threadId: string, content: string) => askJson(h, companyId, user, threadId, content);

/** Every cited id is an item of the plan or a stored finding of the company. */
async function unresolved(references: ChatReference[]): Promise<ChatReference[]> {
  const { rows } = await h.admin.query<{ id: string }>(`SELECT id FROM insights.findings WHERE company_id = $1`, [
    companyId,
  ]);
  const known: Record<string, Set<string>> = {
    event: new Set(plan.events.map((e) => e.id)),
    attribute: new Set(plan.attributes.map((a) => a.id)),
    view: new Set(plan.views.map((v) => v.id)),
    map: new Set(plan.maps.map((m) => m.id)),
    finding: new Set(rows.map((r) => r.id)),
  };
  return references.filter((r) => !known[r.kind]?.has(r.id));
}

describe('asking the assistant (offline)', () => {
  it('answers with references that all resolve, and stores the question and the answer', async () => {
    const threadId = await newThread(creator);
    const answer = await ask(creator, threadId, 'What properties does Order Completed have?');
    const orderCompleted = plan.events.find((e) => e.name === 'Order Completed')!;
    expect(answer.mode).toBe('offline');
    expect(answer.content).toContain('**Order Completed**');
    expect(answer.references).toContainEqual({ kind: 'event', id: orderCompleted.id });
    expect(answer.references.length).toBeGreaterThan(5);
    expect(await unresolved(answer.references)).toEqual([]);
    expect(answer.grounding).toEqual({ verified: true, unverifiedNumbers: [] });

    const wrong = await ask(creator, threadId, "What's wrong with Order Completed?");
    expect(await unresolved(wrong.references)).toEqual([]);
    expect(wrong.grounding.verified).toBe(true);

    const thread = await h.call(creator, { method: 'GET', url: chat(`/threads/${threadId}`) });
    expect(thread.statusCode).toBe(200);
    const body = thread.json();
    expect(body.title).toBe('What properties does Order Completed have?');
    expect(body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(body.messages[1]).toMatchObject({ id: answer.id, content: answer.content, mode: 'offline' });
    expect(body.messages[1].references).toEqual(answer.references);
    expect(body.messages[1].toolCalls.map((c: { tool: string }) => c.tool)).toContain('get_event');
    const { rows } = await h.admin.query(
      `SELECT latency_ms, grounding FROM insights.assistant_messages WHERE id = $1`,
      [answer.id],
    );
    expect(rows[0].latency_ms).toEqual(expect.any(Number));
    expect(rows[0].grounding).toEqual(answer.grounding);

    const list = await h.call(creator, { method: 'GET', url: chat('/threads') });
    expect(list.json().items.map((t: { id: string }) => t.id)).toContain(threadId);
  });

  it('refuses honestly what it cannot answer without a model', async () => {
    const threadId = await newThread(viewer);
    const answer = await ask(viewer, threadId, 'Why did revenue drop last Tuesday?');
    expect(answer.content).toBe(OFFLINE_REFUSAL);
    expect(answer.references).toEqual([]);
  });

  it("does not let another member read or post in someone's thread", async () => {
    const threadId = await newThread(creator);
    await ask(creator, threadId, 'Is Product Viewed tracked?');
    const read = await h.call(owner, { method: 'GET', url: chat(`/threads/${threadId}`) });
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('Product Viewed');
    const post = await h.call(owner, {
      method: 'POST',
      url: chat(`/threads/${threadId}/messages`),
      headers: { accept: 'application/json' },
      payload: { content: 'Is Product Viewed tracked?' },
    });
    expect(post.statusCode).toBe(404);
    const list = await h.call(owner, { method: 'GET', url: chat('/threads') });
    expect(list.json().items.map((t: { id: string }) => t.id)).not.toContain(threadId);
  });

  it('shows a viewer none of the attributes hidden from viewers, personal ones included', async () => {
    const personal = plan.attributes.filter((a) => a.pii && !a.exposed);
    expect(personal.map((a) => a.name)).toEqual(expect.arrayContaining(['email', 'phone_number']));
    const asked = async (user: TestUser) => ask(user, await newThread(user), 'List user attributes');
    const forCreator = await asked(creator);
    const forViewer = await asked(viewer);
    expect(forCreator.content).toContain('phone_number');
    for (const attribute of personal) {
      expect(forViewer.content).not.toContain(`**${attribute.name}**`);
      expect(forViewer.references).not.toContainEqual({ kind: 'attribute', id: attribute.id });
    }
    expect(forViewer.references.length).toBeGreaterThan(0);
  });

  it('shows a viewer no finding about a personal attribute, nor its sample values', async () => {
    const other = randomUUID();
    h.peer.subscriptions.set(other, 'active');
    h.peer.snapshots.set(other, { ...plan, companyId: other });
    const [editorThere, viewerThere] = [await h.user(other, 'creator'), await h.user(other, 'viewer')];
    const email = plan.attributes.find((a) => a.name === 'email')!;
    const findingId = randomUUID();
    // One stored finding of the first company, copied as a finding about the personal attribute.
    await h.admin.query(
      `INSERT INTO insights.findings (id, company_id, fingerprint, type, severity, layer, subject, counts, details, plan_version)
       SELECT $1, $2, 'personal-values', 'enum_violation', severity, layer, $3, counts, $4, plan_version
         FROM insights.findings WHERE company_id = $5 LIMIT 1`,
      [
        findingId,
        other,
        JSON.stringify({ event: 'Signed Up', property: 'email' }),
        JSON.stringify({ planAttributeId: email.id, values: ['someone@example.com'] }),
        companyId,
      ],
    );
    const asked = async (user: TestUser) => {
      const thread = await h.call(user, { method: 'POST', url: `/api/insights/${other}/chat/threads` });
      const answer = await h.call(user, {
        method: 'POST',
        url: `/api/insights/${other}/chat/threads/${thread.json().id}/messages`,
        headers: { accept: 'application/json' },
        payload: { content: "What's wrong with Signed Up?" },
      });
      expect(answer.statusCode).toBe(200);
      const body: ChatAnswer = answer.json();
      return body;
    };
    const forEditor = await asked(editorThere);
    const forViewer = await asked(viewerThere);
    expect(forEditor.references).toContainEqual({ kind: 'finding', id: findingId });
    expect(forViewer.references).not.toContainEqual({ kind: 'finding', id: findingId });
    expect(forViewer.content).not.toContain('someone@example.com');
    expect(forViewer.content).not.toContain('email');
  });
});

interface StreamEvent {
  event: string;
  /** The event's JSON, parsed where its shape is known. */
  data: string;
}

function parseStream(body: string): StreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))!.slice('event: '.length);
      const data = lines.find((l) => l.startsWith('data: '))!.slice('data: '.length);
      return { event, data };
    });
}

describe('the answer stream', () => {
  it('sends tool calls, deltas, references, then done carrying the stored message', async () => {
    const threadId = await newThread(creator);
    const response = await h.call(creator, {
      method: 'POST',
      url: chat(`/threads/${threadId}/messages`),
      headers: { accept: 'text/event-stream' },
      payload: { content: 'What properties does Order Completed have?' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = parseStream(response.body);
    const order = ['tool', 'delta', 'reference', 'done'];
    const ranks = events.map((e) => order.indexOf(e.event));
    expect(ranks.every((rank) => rank >= 0)).toBe(true);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    expect(new Set(events.map((e) => e.event))).toEqual(new Set(order));
    expect(events.filter((e) => e.event === 'done')).toHaveLength(1);

    const done: ChatAnswer = JSON.parse(events[events.length - 1].data);
    const text = events.filter((e) => e.event === 'delta').map((e): string => JSON.parse(e.data).text);
    expect(text.join('')).toBe(done.content);
    expect(events.filter((e) => e.event === 'reference').map((e) => JSON.parse(e.data))).toEqual(done.references);
    const thread = (await h.call(creator, { method: 'GET', url: chat(`/threads/${threadId}`) })).json();
    expect(thread.messages[1]).toMatchObject({ id: done.id, content: done.content, role: 'assistant' });
  });
});

describe('admins control the assistant', () => {
  it('is switched off by an admin only; then questions get 403 assistant_disabled', async () => {
    const threadId = await newThread(creator);
    const byCreator = await h.call(creator, { method: 'PUT', url: chat('/settings'), payload: { enabled: false } });
    expect(byCreator.statusCode).toBe(403);
    const off = await h.call(owner, { method: 'PUT', url: chat('/settings'), payload: { enabled: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false, glossary: '' });
    for (const accept of ['application/json', 'text/event-stream']) {
      const refused = await h.call(creator, {
        method: 'POST',
        url: chat(`/threads/${threadId}/messages`),
        headers: { accept },
        payload: { content: 'Is Product Viewed tracked?' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('assistant_disabled');
    }
    const thread = (await h.call(creator, { method: 'GET', url: chat(`/threads/${threadId}`) })).json();
    expect(thread.messages).toEqual([]);
    const on = await h.call(owner, { method: 'PUT', url: chat('/settings'), payload: { enabled: true } });
    expect(on.statusCode).toBe(200);
    expect((await ask(creator, threadId, 'Is Product Viewed tracked?')).content).toContain('Yes');
  });

  it('shows admins questions and threads per day over the last 30 days', async () => {
    const before = (await h.call(owner, { method: 'GET', url: chat('/usage') })).json();
    const threadId = await newThread(viewer);
    await ask(viewer, threadId, 'Is Product Viewed tracked?');
    await ask(viewer, threadId, 'Who owns Order Completed?');
    const usage = await h.call(owner, { method: 'GET', url: chat('/usage') });
    expect(usage.statusCode).toBe(200);
    const after = usage.json();
    expect(after.enabled).toBe(true);
    expect(after.days).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(after.days[29].day).toBe(today);
    expect(after.days[29].messages - before.days[29].messages).toBe(2);
    expect(after.days[29].threads - before.days[29].threads).toBe(1);
    expect((await h.call(creator, { method: 'GET', url: chat('/usage') })).statusCode).toBe(403);
  });
});
