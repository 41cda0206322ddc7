import { randomUUID } from 'node:crypto';
import type { ChatToolCall, PlanSnapshot, ProposeChangeInput } from '@tracemap/contracts';
import { examplePlanSnapshot } from '@tracemap/discovery';
import { startHarness, type Harness, type TestUser } from '../support/harness';
import { askJson, startThread } from './support/chat-calls';
import { scriptedModel, textReply, toolReply } from './support/scripted-model';

let h: Harness;
let companyId: string;
let plan: PlanSnapshot;
let creator: TestUser;
let owner: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  h = await startHarness();
  companyId = randomUUID();
  plan = { ...examplePlanSnapshot(), companyId };
  h.peer.snapshots.set(companyId, plan);
  h.peer.subscriptions.set(companyId, 'active');
  owner = await h.user(companyId, 'owner');
  creator = await h.user(companyId, 'creator');
  viewer = await h.user(companyId, 'viewer');
}, 120_000);
afterAll(async () => {
  await h.close();
});
afterEach(() => {
  h.deps.assistantModel.model = null;
});

const chat = (path: string) => `/api/insights/${companyId}/chat${path}`;
const reason = 'Sharing a cart is a step of the funnel the plan does not have.';
const newEvent = (name: string): ProposeChangeInput => ({
  action: 'create',
  entity: 'event',
  fields: { name, kind: 'track' },
  reason,
});

/** A conversation of `user` whose answer drafted `draft` with the scripted model; its thread and the draft's call. */
async function drafted(user: TestUser, draft: ProposeChangeInput) {
  h.deps.assistantModel.model = scriptedModel(
    toolReply('get_event', { event: 'Product Viewed' }),
    toolReply('propose_change', draft, 'call-2'),
    textReply('I drafted that change. A person with edit rights has to apply it.'),
  );
  const threadId = await startThread(h, companyId, user);
  await askJson(h, companyId, user, threadId, 'Add an event for sharing a cart');
  return { threadId, calls: await toolCalls(user, threadId) };
}

async function toolCalls(user: TestUser, threadId: string): Promise<ChatToolCall[]> {
  const thread = await h.call(user, { method: 'GET', url: chat(`/threads/${threadId}`) });
  expect(thread.statusCode).toBe(200);
  return thread.json().messages[1].toolCalls;
}

const apply = (user: TestUser, threadId: string, toolCallId: string) =>
  h.call(user, { method: 'POST', url: chat(`/threads/${threadId}/drafts/${toolCallId}/apply`) });

describe('drafted changes', () => {
  it('stores each tool call with an id and a drafted change with its summary', async () => {
    const { calls } = await drafted(creator, newEvent('Cart Shared'));
    expect(calls.map((c) => c.tool)).toEqual(['get_event', 'propose_change']);
    expect(calls.every((c) => typeof c.id === 'string')).toBe(true);
    expect(calls[0].summary).toBeUndefined();
    expect(calls[1]).toMatchObject({
      input: newEvent('Cart Shared'),
      summary: `create event "Cart Shared" (kind, name): ${reason}`,
    });
    expect(calls[1].applied).toBeUndefined();
  });

  it('applies a draft once into the proposal the company service names, and answers that again after', async () => {
    const { threadId, calls } = await drafted(creator, newEvent('Cart Saved'));
    const draftCall = calls[1];
    const before = h.peer.assistantIntakes.length;

    const first = await apply(creator, threadId, draftCall.id!);
    expect(first.statusCode).toBe(200);
    const applied = first.json();
    expect(applied).toEqual({
      proposal: { id: expect.any(String), name: 'From the assistant', created: expect.any(Boolean) },
      item: { kind: 'event', id: expect.any(String), name: 'Cart Saved' },
      appliedAt: expect.any(String),
    });
    expect(h.peer.assistantIntakes.slice(before)).toEqual([
      { companyId, body: { userId: creator.id, draft: newEvent('Cart Saved') } },
    ]);

    // Again, and twice at once: the same answer, and the company service is not asked again.
    const again = await Promise.all([apply(creator, threadId, draftCall.id!), apply(creator, threadId, draftCall.id!)]);
    expect(again.map((r) => [r.statusCode, r.json()])).toEqual([
      [200, applied],
      [200, applied],
    ]);
    expect(h.peer.assistantIntakes.length).toBe(before + 1);
    expect((await toolCalls(creator, threadId))[1].applied).toEqual(applied);
  });

  it('passes the plan’s refusal on and keeps the draft applicable', async () => {
    const { threadId, calls } = await drafted(creator, newEvent('Cart Emptied'));
    h.peer.refuseIntake = { statusCode: 409, code: 'event_name_taken', message: 'An event named Cart Emptied exists.' };
    const refused = await apply(creator, threadId, calls[1].id!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'event_name_taken', message: 'An event named Cart Emptied exists.' });
    expect((await toolCalls(creator, threadId))[1].applied).toBeUndefined();
    expect((await apply(creator, threadId, calls[1].id!)).statusCode).toBe(200);
  });

  it('refuses viewers, other people’s conversations and calls that drafted nothing', async () => {
    const before = h.peer.assistantIntakes.length;
    const mine = await drafted(viewer, newEvent('Cart Viewed Twice'));
    const byViewer = await apply(viewer, mine.threadId, mine.calls[1].id!);
    expect(byViewer.statusCode).toBe(403);

    const creators = await drafted(creator, newEvent('Cart Abandoned'));
    const byOwner = await apply(owner, creators.threadId, creators.calls[1].id!);
    expect(byOwner.statusCode).toBe(404);
    expect(byOwner.json().code).toBe('thread_not_found');
    const notADraft = await apply(creator, creators.threadId, creators.calls[0].id!);
    expect(notADraft.json()).toMatchObject({ statusCode: 404, code: 'draft_not_found' });
    const unknown = await apply(creator, creators.threadId, randomUUID());
    expect(unknown.json()).toMatchObject({ statusCode: 404, code: 'draft_not_found' });
    expect(h.peer.assistantIntakes.length).toBe(before);
  });
});
