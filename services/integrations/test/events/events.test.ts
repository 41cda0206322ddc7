import { randomUUID } from 'node:crypto';
import { slackSignature } from '../../src/events/verify-signature';
import { SIGNING_SECRET, startHarness, type Harness } from '../support/harness';
import { installSlack } from '../support/install';
import { notify } from '../support/notify';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const now = () => Math.floor(Date.now() / 1000);

function post(rawBody: string, options: { timestamp?: number; secret?: string; signature?: string } = {}) {
  const timestamp = String(options.timestamp ?? now());
  return h.app.inject({
    method: 'POST',
    url: '/api/integrations/slack/events',
    headers: {
      'content-type': 'application/json',
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': options.signature ?? slackSignature(options.secret ?? SIGNING_SECRET, timestamp, rawBody),
    },
    payload: rawBody,
  });
}

const challenge = JSON.stringify({ token: 'legacy', challenge: 'c-123', type: 'url_verification' });

test('a well-signed URL check is answered with its challenge', async () => {
  const answer = await post(challenge);
  expect(answer.statusCode).toBe(200);
  expect(answer.json()).toEqual({ challenge: 'c-123' });
});

test('a stale timestamp is refused, either way past five minutes', async () => {
  expect((await post(challenge, { timestamp: now() - 301 })).statusCode).toBe(401);
  expect((await post(challenge, { timestamp: now() + 301 })).statusCode).toBe(401);
  expect((await post(challenge, { timestamp: now() - 290 })).statusCode).toBe(200);
});

test('a tampered body is refused: the signature covers the exact bytes', async () => {
  const timestamp = now();
  const signature = slackSignature(SIGNING_SECRET, String(timestamp), challenge);
  const tampered = challenge.replace('c-123', 'c-999');
  const answer = await post(tampered, { timestamp, signature });
  expect(answer.statusCode).toBe(401);
  expect(answer.json()).toMatchObject({ code: 'invalid_signature' });
  expect(answer.body).not.toContain('c-999');
});

test('a signature made with another secret, or none, is refused', async () => {
  expect((await post(challenge, { secret: 'not-the-signing-secret' })).statusCode).toBe(401);
  expect((await post(challenge, { signature: '' })).statusCode).toBe(401);
  expect((await post(challenge, { signature: 'v0=' + '0'.repeat(64) })).statusCode).toBe(401);
});

test('app_uninstalled marks the workspace installation revoked, wipes its token and stops delivery', async () => {
  const companyId = randomUUID();
  const admin = await h.user(companyId, 'admin');
  await installSlack(h, companyId, admin);
  await notify(h, { companyId, kind: 'plan_changed', subject: 's', dedupeKey: 'queued-before' });
  const event = JSON.stringify({
    type: 'event_callback',
    team_id: h.slack.teamId,
    event: { type: 'app_uninstalled' },
    event_id: 'Ev1',
  });
  expect((await post(event)).statusCode).toBe(200);
  const status = (await h.call(admin, { method: 'GET', url: `/api/integrations/${companyId}/slack` })).json();
  expect(status).toMatchObject({ status: 'revoked', paused: [] });
  const { rows } = await h.admin.query(
    `SELECT bot_token, webhook_url FROM integrations.slack_installations WHERE company_id = $1`,
    [companyId],
  );
  expect(rows).toEqual([{ bot_token: null, webhook_url: null }]);
  const sentBefore = h.slack.messages.length;
  await h.deps.delivery.drain();
  expect(h.slack.messages.length).toBe(sentBefore);
  expect(
    (await notify(h, { companyId, kind: 'plan_changed', subject: 's', dedupeKey: 'after' })).json().deliveries,
  ).toBe(0);
});

test('tokens_revoked for the bot does the same; a user token revoked alone changes nothing', async () => {
  const companyId = randomUUID();
  const admin = await h.user(companyId, 'admin');
  await installSlack(h, companyId, admin);
  const userOnly = JSON.stringify({
    type: 'event_callback',
    team_id: h.slack.teamId,
    event: { type: 'tokens_revoked', tokens: { oauth: ['U1'], bot: [] } },
  });
  expect((await post(userOnly)).statusCode).toBe(200);
  const read = async () =>
    (await h.call(admin, { method: 'GET', url: `/api/integrations/${companyId}/slack` })).json().status;
  expect(await read()).toBe('connected');
  const bot = JSON.stringify({
    type: 'event_callback',
    team_id: h.slack.teamId,
    event: { type: 'tokens_revoked', tokens: { bot: ['U0TRACEMAP'] } },
  });
  expect((await post(bot)).statusCode).toBe(200);
  expect(await read()).toBe('revoked');
});
