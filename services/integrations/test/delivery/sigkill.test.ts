import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { SlackSandbox } from '@tracemap/slack-sandbox';
import { baseSettings, killAll, startServiceProcess } from '../support/service-process';
import { createTestDatabase, waitFor, type TestDatabase } from '@tracemap/test-kit';
import { SecretBox } from '@tracemap/service-kit';
import { CompanyPeer } from '../support/company-peer';
import { SERVICE_TOKEN } from '../support/harness';

/**
 * The integrations process is SIGKILLed at the worst moment: Slack has posted a message but the
 * process has not heard back, while nine more are claimed under its lease. A new process takes
 * them over once the lease runs out, finds the one Slack already has (by its metadata) instead
 * of posting it again, and posts the rest: every message exactly once.
 */

const MESSAGES = 10;
const KILL_AT = 3;
let database: TestDatabase;
let slack: SlackSandbox;
let peer: CompanyPeer;
let admin: pg.Pool;
const key = randomBytes(32).toString('base64');
const logs: string[] = [];
const children: ChildProcess[] = [];

async function startService(): Promise<{ child: ChildProcess; url: string }> {
  const started = await startServiceProcess(
    {
      ...baseSettings({ databaseUrl: database.url, companyUrl: peer.url, serviceToken: SERVICE_TOKEN, secretKey: key }),
      SLACK_CLIENT_ID: slack.clientId,
      SLACK_CLIENT_SECRET: slack.clientSecret,
      SLACK_API_URL: slack.apiUrl,
      SLACK_AUTHORIZE_URL: slack.authorizeUrl,
      SLACK_CHANNEL_INTERVAL_MS: '0',
      SLACK_DELIVERY_POLL_MS: '100',
      SLACK_DELIVERY_LEASE_MS: '2000',
    },
    logs,
  );
  children.push(started.child);
  return started;
}

beforeAll(async () => {
  database = await createTestDatabase();
  slack = new SlackSandbox();
  await slack.start();
  peer = new CompanyPeer(SERVICE_TOKEN);
  await peer.start();
  admin = new pg.Pool({ connectionString: database.url, max: 2 });
}, 60000);

afterAll(async () => {
  killAll(children);
  await admin?.end();
  await peer?.stop();
  await slack?.stop();
  await database?.drop();
});

test('killed while Slack holds an unanswered post, the next process delivers each message exactly once', async () => {
  const first = await startService();
  const companyId = randomUUID();
  const token = slack.issueToken();
  await admin.query(
    `INSERT INTO integrations.slack_installations
         (company_id, status, team_id, team_name, channel_id, channel_name, bot_token, installed_by)
       VALUES ($1, 'connected', $2, 'Local Slack', 'C0GENERAL', 'general', $3, $4)`,
    [companyId, slack.teamId, new SecretBox(key).seal(token, `slack-token:${companyId}`), randomUUID()],
  );
  await admin.query(
    `INSERT INTO integrations.slack_subscriptions (id, company_id, channel_id, channel_name, kinds)
       VALUES ($1, $2, 'C0GENERAL', 'general', '{plan_changed}')`,
    [randomUUID(), companyId],
  );

  let posts = 0;
  let killed: Promise<unknown> | null = null;
  slack.beforeAnswer = async (call) => {
    if (call.method !== 'chat.postMessage') return;
    posts += 1;
    if (posts !== KILL_AT) return;
    killed = once(first.child, 'exit');
    first.child.kill('SIGKILL');
    await killed;
  };

  // Queued in one go, before the worker's first claim can split them.
  const client = await admin.connect();
  try {
    await client.query('BEGIN');
    for (let n = 0; n < MESSAGES; n++) {
      const notificationId = randomUUID();
      await client.query(
        `INSERT INTO integrations.notifications (id, company_id, kind, subject, dedupe_key, payload)
           VALUES ($1, $2, 'plan_changed', $3, $3, $4)`,
        [notificationId, companyId, `event:${n}`, { title: `killed ${n}` }],
      );
      await client.query(
        `INSERT INTO integrations.slack_deliveries (id, company_id, notification_id, channel_id, thread_key)
           VALUES ($1, $2, $3, 'C0GENERAL', $4)`,
        [randomUUID(), companyId, notificationId, `event:${n}`],
      );
    }
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  // Wake the worker now rather than at its next poll: any producer post does.
  await fetch(`${first.url}/internal/notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-token': SERVICE_TOKEN },
    body: JSON.stringify({
      companyId,
      kind: 'plan_changed',
      subject: 'wake',
      dedupeKey: 'wake',
      payload: { title: 'wake' },
    }),
  }).catch(() => undefined);

  await waitFor(() => killed, { timeoutMs: 30000, intervalMs: 50, message: 'the process killed mid-post' });
  await killed;
  slack.beforeAnswer = null;
  const before = await admin.query(
    `SELECT count(*) FILTER (WHERE status = 'sending')::int AS sending FROM integrations.slack_deliveries WHERE company_id = $1`,
    [companyId],
  );
  // The killed process held messages it never settled, one of them already in Slack.
  expect(before.rows[0].sending).toBeGreaterThan(0);
  expect(slack.messagesIn('C0GENERAL')).toHaveLength(KILL_AT);

  await startService();
  await waitFor(
    async () =>
      (
        await admin.query(
          `SELECT count(*)::int AS open FROM integrations.slack_deliveries WHERE company_id = $1 AND status <> 'sent'`,
          [companyId],
        )
      ).rows[0].open === 0,
    { timeoutMs: 30000, intervalMs: 100, message: 'every message sent after the restart' },
  );
  const titles = slack.messagesIn('C0GENERAL').map((m) => m.text);
  expect(titles.sort()).toEqual([...Array.from({ length: MESSAGES }, (_, n) => `killed ${n}`), 'wake'].sort());
  // The one Slack had was found, not posted again.
  expect(slack.calls.filter((c) => c.method === 'conversations.history').length).toBeGreaterThan(0);
  // No secret in what either process wrote to its log.
  const output = logs.join('');
  expect(output.length).toBeGreaterThan(0);
  for (const secret of [token, key, slack.clientSecret, SERVICE_TOKEN]) expect(output).not.toContain(secret);
}, 120000);
