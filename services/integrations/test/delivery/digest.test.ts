import { randomUUID } from 'node:crypto';
import { startHarness, type Harness } from '../support/harness';
import { installSlack } from '../support/install';
import { notify } from '../support/notify';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    env: { SLACK_DELIVERY_BACKOFF_MS: '1' },
    slack: { channels: ['C0DIGEST', 'C0DIGESTRETRY', 'C0DIGESTTEST'].map((id) => ({ id, name: id.toLowerCase() })) },
  });
});
afterAll(() => h?.close());

/** A connected company whose one subscription (on `channel`) is switched to the daily digest. */
async function digestCompany(channel: string): Promise<string> {
  const companyId = randomUUID();
  const admin = await h.user(companyId, 'admin');
  expect((await installSlack(h, companyId, admin, { channel })).location).toContain('status=success');
  const listed = await h.call(admin, { method: 'GET', url: `/api/integrations/${companyId}/slack/subscriptions` });
  const [subscription] = listed.json<{ items: { id: string }[] }>().items;
  const switched = await h.call(admin, {
    method: 'PATCH',
    url: `/api/integrations/${companyId}/slack/subscriptions/${subscription.id}`,
    payload: { mode: 'digest', kinds: ['plan_changed', 'map_shared'] },
  });
  expect(switched.statusCode).toBe(200);
  return companyId;
}

async function notifyMany(companyId: string, count: number): Promise<string[]> {
  const titles: string[] = [];
  for (let n = 0; n < count; n++) {
    const title = `digest item ${n}`;
    titles.push(title);
    const answer = await notify(h, {
      companyId,
      kind: n % 2 === 0 ? 'plan_changed' : 'map_shared',
      subject: `item:${n}`,
      dedupeKey: `digest:${n}`,
      payload: { title, link: `/company/${companyId}/events/${n}` },
    });
    expect(answer.json()).toEqual({ accepted: true, deliveries: 1 });
  }
  return titles;
}

const rows = async (companyId: string) =>
  (
    await h.admin.query<{ status: string; ts: string | null; digest: boolean; not_before: Date }>(
      `SELECT status, ts, digest, not_before FROM integrations.slack_deliveries WHERE company_id = $1 ORDER BY created_at`,
      [companyId],
    )
  ).rows;

/** The digest hour has come: every waiting row of the company is due. */
const digestHourCame = (companyId: string) =>
  h.admin.query(
    `UPDATE integrations.slack_deliveries SET not_before = now() - interval '1 second'
      WHERE company_id = $1 AND status = 'pending'`,
    [companyId],
  );

test('a digest subscription gets its day’s notifications as one message at the digest hour', async () => {
  const companyId = await digestCompany('C0DIGEST');
  const titles = await notifyMany(companyId, 5);

  const waiting = await rows(companyId);
  expect(waiting.every((row) => row.status === 'pending' && row.digest)).toBe(true);
  const due = waiting[0].not_before;
  expect(due.getUTCHours()).toBe(9);
  expect(due.getTime()).toBeGreaterThan(Date.now());
  await h.deps.delivery.drain();
  expect(h.slack.messagesIn('C0DIGEST')).toHaveLength(0);

  await digestHourCame(companyId);
  await h.deps.delivery.drain();
  const posted = h.slack.messagesIn('C0DIGEST');
  expect(posted).toHaveLength(1);
  const [digest] = posted;
  expect(digest.text.startsWith('Digest: 5 notifications — ')).toBe(true);
  for (const title of titles) expect(digest.text).toContain(title);
  const blocks = JSON.stringify(digest.blocks);
  expect(blocks).toContain('Plan change');
  expect(blocks).toContain('Map shared');
  expect(blocks).toContain(`<http://localhost:8080/company/${companyId}/events/3|digest item 3>`);
  expect(digest.threadTs).toBeNull();

  const settled = await rows(companyId);
  expect(settled.map((row) => row.status)).toEqual(Array(5).fill('sent'));
  expect(new Set(settled.map((row) => row.ts))).toEqual(new Set([digest.ts]));
  // A digest starts no thread: a later immediate message about one of its items stands alone.
  const threads = await h.admin.query(`SELECT 1 FROM integrations.slack_threads WHERE company_id = $1`, [companyId]);
  expect(threads.rows).toHaveLength(0);
});

test('a digest Slack refused once (5xx) goes out once, whole, on the retry', async () => {
  const companyId = await digestCompany('C0DIGESTRETRY');
  const titles = await notifyMany(companyId, 3);
  await digestHourCame(companyId);
  h.slack.failNext('chat.postMessage', { kind: 'server_error', status: 503 });
  await h.deps.delivery.drain();
  // The failed try released every row; the retry (after a short backoff) gathers them again.
  await h.admin.query(
    `UPDATE integrations.slack_deliveries SET not_before = now() WHERE company_id = $1 AND status = 'pending'`,
    [companyId],
  );
  await h.deps.delivery.drain();
  const posted = h.slack.messagesIn('C0DIGESTRETRY');
  expect(posted).toHaveLength(1);
  for (const title of titles) expect(posted[0].text).toContain(title);
  expect((await rows(companyId)).map((row) => row.status)).toEqual(Array(3).fill('sent'));
});

test('a test message to a digest subscription goes at once, not in the digest', async () => {
  const companyId = await digestCompany('C0DIGESTTEST');
  await notify(h, { companyId, kind: 'test_message', subject: 'test', dedupeKey: 'test:1' });
  await h.deps.delivery.drain();
  expect(h.slack.messagesIn('C0DIGESTTEST')).toHaveLength(1);
  expect((await rows(companyId)).map((row) => [row.status, row.digest])).toEqual([['sent', false]]);
});
