import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { waitFor } from '@tracemap/test-kit';
import { service } from '../../src/app';
import { startHarness, type Harness } from '../support/harness';
import { installSlack } from '../support/install';
import { notify } from '../support/notify';

// Slack's rule, at its real size: one message per second per channel. The burst is spread over
// many channels so it takes seconds, and two instances of the service deliver it together: the
// spacing must hold across them, not just inside one process.
const INTERVAL_MS = 1000;
const CHANNELS = Array.from({ length: 40 }, (_, n) => `C0BURST${String(n).padStart(2, '0')}`);
const TOTAL = 200;
const WORKER_ENV = {
  SLACK_DELIVERY_WORKER: 'true',
  SLACK_CHANNEL_INTERVAL_MS: String(INTERVAL_MS),
  SLACK_DELIVERY_BACKOFF_MS: '100',
  SLACK_DELIVERY_POLL_MS: '50',
  SLACK_DELIVERY_MAX_ATTEMPTS: '50',
};

let h: Harness;
let second: FastifyInstance;
beforeAll(async () => {
  h = await startHarness({
    env: WORKER_ENV,
    slack: { channels: CHANNELS.map((id) => ({ id, name: id.slice(2).toLowerCase() })) },
  });
  second = await h.replica(WORKER_ENV);
});
afterAll(() => h?.close());

/** Counts the posts each instance makes. */
function countPosts(apps: FastifyInstance[]): number[] {
  const counts = apps.map(() => 0);
  apps.forEach((app, index) => {
    const slack = service.depsOf(app).slack;
    const post = slack.post.bind(slack);
    slack.post = (...args) => {
      counts[index] += 1;
      return post(...args);
    };
  });
  return counts;
}

/** A small seeded generator, so a failing run can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test(`a burst of ${TOTAL} notifications with 20% injected 429/5xx, two instances: none lost, none twice, ≤ 1 message per second per channel`, async () => {
  const companyId = randomUUID();
  const admin = await h.user(companyId, 'admin');
  expect((await installSlack(h, companyId, admin, { channel: CHANNELS[0] })).location).toContain('success');
  // One channel per tag: the installed one takes tag one, three more subscriptions the others.
  const { items } = (
    await h.call(admin, { method: 'GET', url: `/api/integrations/${companyId}/slack/subscriptions` })
  ).json();
  await h.call(admin, {
    method: 'PATCH',
    url: `/api/integrations/${companyId}/slack/subscriptions/${items[0].id}`,
    payload: { tags: ['t0'] },
  });
  for (const [index, channelId] of CHANNELS.entries()) {
    if (index === 0) continue;
    const created = await h.call(admin, {
      method: 'POST',
      url: `/api/integrations/${companyId}/slack/subscriptions`,
      payload: { channelId, channelName: channelId, kinds: ['plan_changed'], tags: [`t${index}`] },
    });
    expect(created.statusCode).toBe(201);
  }
  const posts = countPosts([h.app, second]);
  const random = seeded(21);
  h.slack.setFaultPlan((method) => {
    if (method !== 'chat.postMessage') return null;
    const roll = random();
    if (roll < 0.1) return { kind: 'rate_limited', retryAfterSeconds: 1 };
    if (roll < 0.2) return { kind: 'server_error', status: roll < 0.15 ? 500 : 503 };
    return null;
  });

  const titles: string[] = [];
  for (let n = 0; n < TOTAL; n++) {
    const title = `burst ${n}`;
    titles.push(title);
    const answer = await notify(h, {
      companyId,
      kind: 'plan_changed',
      subject: `event:${n}`,
      dedupeKey: `burst:${n}`,
      payload: { title, tags: [`t${n % CHANNELS.length}`] },
    });
    expect(answer.json()).toEqual({ accepted: true, deliveries: 1 });
  }

  await waitFor(
    async () =>
      (
        await h.admin.query(
          `SELECT count(*)::int AS open FROM integrations.slack_deliveries WHERE company_id = $1 AND status <> 'sent'`,
          [companyId],
        )
      ).rows[0].open === 0,
    { timeoutMs: 90000, intervalMs: 200, message: 'every delivery sent' },
  );
  h.slack.setFaultPlan(null);

  const posted = h.slack.messages.filter((m) => m.text.startsWith('burst '));
  const counts = new Map<string, number>();
  for (const m of posted) counts.set(m.text, (counts.get(m.text) ?? 0) + 1);
  expect(titles.filter((t) => !counts.has(t))).toEqual([]);
  expect([...counts.entries()].filter(([, c]) => c > 1)).toEqual([]);
  expect(posted).toHaveLength(TOTAL);

  // Both instances took part (each took channels' turns the other did not hold).
  expect(posts.every((count) => count > 0)).toBe(true);
  const calls = h.slack.calls.filter((c) => c.method === 'chat.postMessage');
  expect(calls.filter((c) => c.fault).length).toBeGreaterThanOrEqual(20);
  for (const channel of CHANNELS) {
    const mine = calls.filter((c) => c.body.channel === channel).sort((a, b) => a.at - b.at);
    expect(mine.length).toBeGreaterThanOrEqual(TOTAL / CHANNELS.length);
    const tooClose: string[] = [];
    for (let i = 1; i < mine.length; i++) {
      const gap = mine[i].at - mine[i - 1].at;
      const fault = mine[i - 1].fault;
      const least = fault?.kind === 'rate_limited' ? fault.retryAfterSeconds * 1000 : INTERVAL_MS;
      if (gap < least) tooClose.push(`${channel} #${i}: ${gap} ms after a ${fault?.kind ?? 'success'}`);
    }
    expect(tooClose).toEqual([]);
  }
}, 150000);
