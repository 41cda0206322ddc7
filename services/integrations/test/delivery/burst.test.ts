import { randomUUID } from 'node:crypto';
import { waitFor } from '@tracemap/test-kit';
import { startHarness, type Harness } from '../support/harness';
import { installSlack } from '../support/install';
import { notify } from '../support/notify';

// The spacing rule is Slack's one message per second per channel; here the interval is
// shortened so the burst runs in seconds, and the rule is asserted at that interval.
const INTERVAL_MS = 25;
const CHANNELS = ['C0ONE', 'C0TWO', 'C0THREE', 'C0FOUR'];
const TOTAL = 200;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    env: {
      SLACK_DELIVERY_WORKER: 'true',
      SLACK_CHANNEL_INTERVAL_MS: String(INTERVAL_MS),
      SLACK_DELIVERY_BACKOFF_MS: '20',
      SLACK_DELIVERY_POLL_MS: '50',
      SLACK_DELIVERY_MAX_ATTEMPTS: '50',
    },
    slack: { channels: CHANNELS.map((id) => ({ id, name: id.slice(2).toLowerCase() })) },
  });
});
afterAll(() => h?.close());

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

test(`a burst of ${TOTAL} notifications with 20% injected 429/5xx: none lost, none twice, channels spaced`, async () => {
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
    { timeoutMs: 60000, intervalMs: 100, message: 'every delivery sent' },
  );
  h.slack.setFaultPlan(null);

  const posted = h.slack.messages.filter((m) => m.text.startsWith('burst '));
  const counts = new Map<string, number>();
  for (const m of posted) counts.set(m.text, (counts.get(m.text) ?? 0) + 1);
  expect(titles.filter((t) => !counts.has(t))).toEqual([]);
  expect([...counts.entries()].filter(([, c]) => c > 1)).toEqual([]);
  expect(posted).toHaveLength(TOTAL);

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
}, 90000);
