import { randomUUID } from 'node:crypto';
import { NOTIFICATION_KINDS } from '@tracemap/contracts';
import { startHarness, type Harness, type TestUser } from '../support/harness';
import { installSlack } from '../support/install';
import { notify } from '../support/notify';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

async function connected(channel = 'C0GENERAL'): Promise<{ id: string; admin: TestUser }> {
  const id = randomUUID();
  const admin = await h.user(id, 'admin');
  const done = await installSlack(h, id, admin, { channel });
  expect(done.location).toContain('status=success');
  return { id, admin };
}

const deliveries = async (companyId: string) =>
  (
    await h.admin.query<{ status: string; last_error: string | null }>(
      `SELECT status, last_error FROM integrations.slack_deliveries WHERE company_id = $1 ORDER BY created_at`,
      [companyId],
    )
  ).rows;

test('every notification kind reaches the channel as Block Kit with a text fallback and a deep link', async () => {
  const { id } = await connected('C0ANALYTICS');
  const before = h.slack.messagesIn('C0ANALYTICS').length;
  for (const kind of NOTIFICATION_KINDS) {
    const answer = await notify(h, {
      companyId: id,
      kind,
      subject: `item:${kind}`,
      dedupeKey: `${kind}:1`,
      payload: { link: `/company/${id}/events`, text: `About ${kind}` },
    });
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ accepted: true, deliveries: 1 });
  }
  await h.deps.delivery.drain();
  const posted = h.slack.messagesIn('C0ANALYTICS').slice(before);
  expect(posted.map((m) => m.text.split(' — ')[0]).sort()).toEqual(NOTIFICATION_KINDS.map((k) => `${k} ${k}:1`).sort());
  for (const message of posted) {
    expect(message.text).toContain(`http://localhost:8080/company/${id}/events`);
    expect(JSON.stringify(message.blocks)).toContain(`<http://localhost:8080/company/${id}/events|`);
  }
  expect((await deliveries(id)).every((d) => d.status === 'sent')).toBe(true);
});

test('a notification posted twice with one dedupe key is sent once', async () => {
  const { id } = await connected();
  const body = { companyId: id, kind: 'plan_changed' as const, subject: 'event:1', dedupeKey: 'same' };
  expect((await notify(h, body)).json()).toEqual({ accepted: true, deliveries: 1 });
  expect((await notify(h, body)).json()).toEqual({ accepted: false, deliveries: 0 });
  await h.deps.delivery.drain();
  expect(await deliveries(id)).toEqual([{ status: 'sent', last_error: null }]);
});

test('later notifications about one item thread under its first message', async () => {
  const { id } = await connected('C0ANALYTICS');
  const subject = `event:${randomUUID()}`;
  for (const n of [1, 2, 3])
    await notify(h, { companyId: id, kind: 'plan_changed', subject, dedupeKey: `${subject}:${n}` });
  await h.deps.delivery.drain();
  const mine = h.slack.messagesIn('C0ANALYTICS').filter((m) => m.text.includes(subject));
  expect(mine).toHaveLength(3);
  expect(mine[0].threadTs).toBeNull();
  expect(mine.slice(1).map((m) => m.threadTs)).toEqual([mine[0].ts, mine[0].ts]);
});

test('a thread keeps its order when Slack refuses one of its messages for now', async () => {
  const { id } = await connected('C0ANALYTICS');
  const subject = `proposal:${randomUUID()}`;
  const send = (n: number) => notify(h, { companyId: id, kind: 'plan_changed', subject, dedupeKey: `${subject}:${n}` });
  await send(1);
  await h.deps.delivery.drain();
  h.slack.failNext('chat.postMessage', { kind: 'server_error', status: 503 });
  await send(2);
  await send(3);
  await h.deps.delivery.drain();
  const mine = () => h.slack.messagesIn('C0ANALYTICS').filter((m) => m.text.includes(subject));
  // The second waits for its retry; the third, though Slack would take it, waits behind it.
  expect(mine().map((m) => m.text.split(' — ')[0])).toEqual([`plan_changed ${subject}:1`]);
  const { rows } = await h.admin.query<{ status: string; later: boolean }>(
    `SELECT status, not_before > now() AS later FROM integrations.slack_deliveries
      WHERE company_id = $1 ORDER BY created_at OFFSET 1`,
    [id],
  );
  expect(rows).toEqual([
    { status: 'pending', later: true },
    { status: 'pending', later: true },
  ]);
  await h.admin.query(`UPDATE integrations.slack_deliveries SET not_before = now() WHERE company_id = $1`, [id]);
  await h.deps.delivery.drain();
  expect(mine().map((m) => m.text.split(' — ')[0])).toEqual([1, 2, 3].map((n) => `plan_changed ${subject}:${n}`));
  expect(
    mine()
      .slice(1)
      .map((m) => m.threadTs),
  ).toEqual([mine()[0].ts, mine()[0].ts]);
});

test('filters choose what a channel gets: kinds, severity, tags', async () => {
  const { id, admin } = await connected();
  const created = await h.call(admin, {
    method: 'POST',
    url: `/api/integrations/${id}/slack/subscriptions`,
    payload: {
      channelId: 'C0ANALYTICS',
      channelName: 'analytics',
      kinds: ['finding_new'],
      minSeverity: 'warning',
      tags: ['checkout'],
    },
  });
  expect(created.statusCode).toBe(201);
  const send = (dedupeKey: string, payload: Record<string, unknown>) =>
    notify(h, { companyId: id, kind: 'finding_new', subject: dedupeKey, dedupeKey, payload });
  // The general channel (all kinds) gets all three; analytics only the tagged warning.
  expect((await send('f1', { severity: 'info', tags: ['checkout'] })).json().deliveries).toBe(1);
  expect((await send('f2', { severity: 'critical', tags: ['checkout'] })).json().deliveries).toBe(2);
  expect((await send('f3', { severity: 'critical', tags: ['signup'] })).json().deliveries).toBe(1);
  await h.deps.delivery.drain();
  expect(
    h.slack
      .messagesIn('C0ANALYTICS')
      .filter((m) => /^finding_new f\d$/.test(m.text))
      .map((m) => m.text.slice(0, 14)),
  ).toEqual(['finding_new f2']);
});

test('a channel that is gone pauses its subscription, shows a banner, gets nothing more, and the others are told', async () => {
  const { id, admin } = await connected('C0ANALYTICS');
  const other = await h.call(admin, {
    method: 'POST',
    url: `/api/integrations/${id}/slack/subscriptions`,
    payload: { channelId: 'C0GENERAL', channelName: 'general', kinds: ['integration_failed'] },
  });
  expect(other.statusCode).toBe(201);
  h.slack.failNext('chat.postMessage', { kind: 'error', error: 'channel_not_found' });
  await notify(h, { companyId: id, kind: 'plan_changed', subject: 's1', dedupeKey: 'k1' });
  await h.deps.delivery.drain();
  const status = (await h.call(admin, { method: 'GET', url: `/api/integrations/${id}/slack` })).json();
  expect(status.status).toBe('connected');
  expect(status.paused).toEqual([expect.objectContaining({ channelName: 'analytics', reason: 'channel_not_found' })]);
  expect((await notify(h, { companyId: id, kind: 'plan_changed', subject: 's2', dedupeKey: 'k2' })).json()).toEqual({
    accepted: true,
    deliveries: 0,
  });
  // The company's other channel is told, by the service itself.
  await h.deps.delivery.drain();
  expect(h.slack.messagesIn('C0GENERAL').at(-1)?.text).toContain('Slack notifications to a channel are paused');
  // Changing the subscription resumes it.
  const subscription = status.paused[0].subscriptionId;
  const resumed = await h.call(admin, {
    method: 'PATCH',
    url: `/api/integrations/${id}/slack/subscriptions/${subscription}`,
    payload: { kinds: ['plan_changed'] },
  });
  expect(resumed.json().pausedReason).toBeNull();
});

test('a revoked token marks the installation revoked and stops delivery', async () => {
  const { id, admin } = await connected();
  h.slack.failNext('chat.postMessage', { kind: 'error', error: 'token_revoked' });
  await notify(h, { companyId: id, kind: 'plan_changed', subject: 's1', dedupeKey: 'k1' });
  await notify(h, { companyId: id, kind: 'plan_changed', subject: 's2', dedupeKey: 'k2' });
  await h.deps.delivery.drain();
  const status = (await h.call(admin, { method: 'GET', url: `/api/integrations/${id}/slack` })).json();
  expect(status.status).toBe('revoked');
  expect((await deliveries(id)).map((d) => d.status)).toEqual(['dropped', 'dropped']);
  const { rows } = await h.admin.query(`SELECT bot_token FROM integrations.slack_installations WHERE company_id = $1`, [
    id,
  ]);
  expect(rows).toEqual([{ bot_token: null }]);
  expect(
    (await notify(h, { companyId: id, kind: 'plan_changed', subject: 's3', dedupeKey: 'k3' })).json().deliveries,
  ).toBe(0);
});

test('the test-message button posts to every active subscription', async () => {
  const { id, admin } = await connected();
  const answer = await h.call(admin, { method: 'POST', url: `/api/integrations/${id}/slack/test-message` });
  expect(answer.statusCode).toBe(202);
  expect(answer.json()).toEqual({ queued: 1 });
  await h.deps.delivery.drain();
  expect(h.slack.messagesIn('C0GENERAL').at(-1)?.text).toContain('Test message from Tracemap');
});

test('a 5xx is retried later and a 429 waits as long as Slack says', async () => {
  const { id } = await connected();
  h.slack.failNext('chat.postMessage', { kind: 'server_error', status: 503 });
  await notify(h, { companyId: id, kind: 'plan_changed', subject: 's', dedupeKey: 'k' });
  await h.deps.delivery.drain();
  const { rows } = await h.admin.query(
    `SELECT status, attempts, last_error, not_before > now() AS later FROM integrations.slack_deliveries WHERE company_id = $1`,
    [id],
  );
  expect(rows).toEqual([{ status: 'pending', attempts: 1, last_error: 'http_503', later: true }]);
  await h.admin.query(`UPDATE integrations.slack_deliveries SET not_before = now() WHERE company_id = $1`, [id]);
  h.slack.failNext('chat.postMessage', { kind: 'rate_limited', retryAfterSeconds: 7 });
  await h.deps.delivery.drain();
  const { rows: waited } = await h.admin.query(
    `SELECT status, attempts, extract(epoch FROM not_before - now()) AS wait FROM integrations.slack_deliveries WHERE company_id = $1`,
    [id],
  );
  expect(waited[0]).toMatchObject({ status: 'pending', attempts: 1 });
  expect(Number(waited[0].wait)).toBeGreaterThan(5);
  expect(Number(waited[0].wait)).toBeLessThanOrEqual(7);
});
