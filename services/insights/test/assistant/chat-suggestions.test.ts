import { randomUUID } from 'node:crypto';
import { OFFLINE_REFUSAL } from '@tracemap/assistant';
import type { ChatAnswer, ChatSuggestions } from '@tracemap/contracts';
import { examplePlanSnapshot } from '@tracemap/discovery';
import { startHarness, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

test('suggested questions name the company’s own plan, and each is answered rather than refused', async () => {
  const companyId = randomUUID();
  const plan = { ...examplePlanSnapshot(), companyId };
  h.peer.snapshots.set(companyId, plan);
  h.peer.subscriptions.set(companyId, 'active');
  const viewer = await h.user(companyId, 'viewer');

  const response = await h.call(viewer, { method: 'GET', url: `/api/insights/${companyId}/chat/suggestions` });
  expect(response.statusCode).toBe(200);
  const { questions } = response.json<ChatSuggestions>();
  expect(questions.length).toBeGreaterThanOrEqual(4);
  expect(questions.some((q) => plan.events.some((e) => q.includes(e.name)))).toBe(true);

  const thread = await h.call(viewer, { method: 'POST', url: `/api/insights/${companyId}/chat/threads` });
  for (const question of questions) {
    const asked = await h.call(viewer, {
      method: 'POST',
      url: `/api/insights/${companyId}/chat/threads/${thread.json().id}/messages`,
      headers: { accept: 'application/json' },
      payload: { content: question },
    });
    expect(asked.json<ChatAnswer>().content).not.toBe(OFFLINE_REFUSAL);
  }
});

test('without a running subscription members read their threads but cannot ask (402)', async () => {
  const gated = await startHarness({ env: { BILLING_ENFORCED: 'true' } });
  try {
    const companyId = randomUUID();
    gated.peer.snapshots.set(companyId, { ...examplePlanSnapshot(), companyId });
    const member = await gated.user(companyId, 'creator');
    const chat = `/api/insights/${companyId}/chat`;
    const refused = await gated.call(member, { method: 'POST', url: `${chat}/threads` });
    expect(refused.json()).toMatchObject({ statusCode: 402, code: 'subscription_required' });
    expect((await gated.call(member, { method: 'GET', url: `${chat}/threads` })).json()).toEqual({ items: [] });
    expect((await gated.call(member, { method: 'GET', url: `${chat}/suggestions` })).statusCode).toBe(200);

    gated.peer.subscriptions.set(companyId, 'active');
    const created = await gated.call(member, { method: 'POST', url: `${chat}/threads` });
    expect(created.statusCode).toBe(201);
  } finally {
    await gated.close();
  }
});
