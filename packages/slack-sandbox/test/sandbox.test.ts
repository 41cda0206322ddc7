import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, WebClient } from '@slack/web-api';
import { startSlackSandbox, type SlackSandbox } from '../src';

let slack: SlackSandbox;
beforeAll(async () => {
  slack = await startSlackSandbox();
});
afterAll(() => slack?.stop());

const client = (token?: string) =>
  new WebClient(token, { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 }, rejectRateLimitedCalls: true });
const redirectUri = 'http://localhost:9/callback';

async function install(): Promise<{ token: string; webhook: string }> {
  const authorize = `${slack.authorizeUrl}?client_id=${slack.clientId}&scope=chat:write&redirect_uri=${encodeURIComponent(redirectUri)}&state=s1`;
  const page = await fetch(authorize);
  expect(await page.text()).toContain('Allow');
  const back = new URL(await slack.decide(authorize, 'allow', 'C0ANALYTICS'));
  expect(back.searchParams.get('state')).toBe('s1');
  const access = await client().oauth.v2.access({
    client_id: slack.clientId,
    client_secret: slack.clientSecret,
    code: back.searchParams.get('code')!,
    redirect_uri: redirectUri,
  });
  expect(access.team).toEqual({ id: slack.teamId, name: slack.teamName });
  expect(access.incoming_webhook).toMatchObject({ channel: '#analytics', channel_id: 'C0ANALYTICS' });
  return { token: access.access_token!, webhook: access.incoming_webhook!.url! };
}

test('the official client installs, posts, threads, updates, lists and revokes against it', async () => {
  const { token, webhook } = await install();
  const api = client(token);
  expect((await api.auth.test()).team_id).toBe(slack.teamId);
  const first = await api.chat.postMessage({ channel: 'C0GENERAL', text: 'hello', blocks: [{ type: 'divider' }] });
  const reply = await api.chat.postMessage({ channel: 'C0GENERAL', text: 'again', thread_ts: first.ts });
  await api.chat.update({ channel: 'C0GENERAL', ts: first.ts!, text: 'hello, edited' });
  const [top, threaded] = slack.messagesIn('C0GENERAL').slice(-2);
  expect(top).toMatchObject({
    text: 'hello',
    threadTs: null,
    blocks: [{ type: 'divider' }],
    updates: [expect.objectContaining({ text: 'hello, edited' })],
  });
  expect(threaded).toMatchObject({ text: 'again', threadTs: first.ts, ts: reply.ts });
  const listed = await api.conversations.list();
  expect(listed.channels?.map((c) => c.name)).toEqual(['general', 'analytics', 'old-plans']);
  const hook = await fetch(webhook, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'via hook' }),
  });
  expect(await hook.text()).toBe('ok');
  expect(slack.messagesIn('C0ANALYTICS').at(-1)?.text).toBe('via hook');
  await api.auth.revoke();
  await expect(api.auth.test()).rejects.toMatchObject({
    code: ErrorCode.PlatformError,
    data: { error: 'token_revoked' },
  });
});

test("a code is used once and the client's secret must match", async () => {
  const authorize = `${slack.authorizeUrl}?client_id=${slack.clientId}&redirect_uri=${encodeURIComponent(redirectUri)}&state=s`;
  const code = new URL(await slack.decide(authorize, 'allow')).searchParams.get('code')!;
  await expect(
    client().oauth.v2.access({ client_id: slack.clientId, client_secret: 'wrong', code }),
  ).rejects.toMatchObject({ data: { error: 'invalid_client' } });
  await client().oauth.v2.access({ client_id: slack.clientId, client_secret: slack.clientSecret, code });
  await expect(
    client().oauth.v2.access({ client_id: slack.clientId, client_secret: slack.clientSecret, code }),
  ).rejects.toMatchObject({ data: { error: 'invalid_code' } });
  const denied = new URL(await slack.decide(authorize, 'deny'));
  expect(denied.searchParams.get('error')).toBe('access_denied');
});

test('injected faults answer in Slack’s shapes: 429 with Retry-After, 5xx, channel errors, archived channels', async () => {
  const { token } = await install();
  const api = client(token);
  slack.failNext('chat.postMessage', { kind: 'rate_limited', retryAfterSeconds: 3 });
  await expect(api.chat.postMessage({ channel: 'C0GENERAL', text: 'x' })).rejects.toMatchObject({
    code: ErrorCode.RateLimitedError,
    retryAfter: 3,
  });
  slack.failNext('chat.postMessage', { kind: 'server_error', status: 503 });
  await expect(api.chat.postMessage({ channel: 'C0GENERAL', text: 'x' })).rejects.toMatchObject({
    code: ErrorCode.HTTPError,
    statusCode: 503,
  });
  await expect(api.chat.postMessage({ channel: 'C0NOPE', text: 'x' })).rejects.toMatchObject({
    data: { error: 'channel_not_found' },
  });
  await expect(api.chat.postMessage({ channel: 'C0ARCHIVED', text: 'x' })).rejects.toMatchObject({
    data: { error: 'is_archived' },
  });
  slack.failNext('chat.postMessage', { kind: 'error', error: 'token_revoked' });
  await expect(api.chat.postMessage({ channel: 'C0GENERAL', text: 'x' })).rejects.toMatchObject({
    data: { error: 'token_revoked' },
  });
  const recorded = slack.calls.filter((c) => c.method === 'chat.postMessage').slice(-5);
  expect(recorded.map((c) => c.fault?.kind ?? null)).toEqual(['rate_limited', 'server_error', null, null, 'error']);
  expect(recorded.every((c) => c.token === token)).toBe(true);
});

test('with a state file, an install and its messages outlive a restart of the stand-in', async () => {
  const stateFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'slack-sandbox-')), 'state.json');
  const first = await startSlackSandbox({ stateFile });
  const token = first.issueToken();
  const firstClient = new WebClient(token, { slackApiUrl: first.apiUrl, retryConfig: { retries: 0 } });
  const posted = await firstClient.chat.postMessage({ channel: 'C0GENERAL', text: 'before the restart' });
  const secret = first.clientSecret;
  const firstUrl = first.url;
  await first.stop();

  const second = await startSlackSandbox({ stateFile });
  try {
    expect(second.clientSecret).toBe(secret);
    // The same address when it is free, so the webhook URLs handed out still lead here.
    expect(second.url).toBe(firstUrl);
    expect(second.messagesIn('C0GENERAL').map((m) => m.text)).toEqual(['before the restart']);
    // A fresh connection: the first stand-in's kept-alive sockets died with it.
    const again = new WebClient(token, {
      slackApiUrl: second.apiUrl,
      retryConfig: { retries: 0 },
      agent: new http.Agent({ keepAlive: false }),
    });
    const reply = await again.chat.postMessage({ channel: 'C0GENERAL', text: 'after', thread_ts: posted.ts });
    expect(reply.ok).toBe(true);
    expect(second.messagesIn('C0GENERAL').map((m) => [m.text, m.threadTs])).toEqual([
      ['before the restart', null],
      ['after', posted.ts],
    ]);
    // Without the file, a new stand-in knows nothing of it.
    const fresh = await startSlackSandbox();
    const stranger = new WebClient(token, { slackApiUrl: fresh.apiUrl, retryConfig: { retries: 0 } });
    await expect(stranger.auth.test()).rejects.toMatchObject({ data: { error: 'invalid_auth' } });
    await fresh.stop();
  } finally {
    await second.stop();
  }
});
