import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { LOCAL_DESTINATIONS as L } from '@tracemap/destinations-sandbox';
import { serviceLoggerOptions } from '@tracemap/service-kit';
import { startHarness, type Harness } from '../support/harness';
import { installSlack } from '../support/install';
import { notify } from '../support/notify';
import { samplePlan } from '../destinations/destinations-fixtures';

/**
 * A whole Slack run with the service logging at debug: install (state, cookie, code, token
 * exchange), deliveries with a 5xx, a paused channel, disconnect. Neither the log nor any answer
 * holds a token, the webhook address, the client secret, the OAuth code or the cookie.
 */

const lines: string[] = [];
let h: Harness;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  h = await startHarness({ logger: { ...serviceLoggerOptions('debug', 'integrations'), stream } });
});
afterAll(() => h?.close());

test('no secret reaches the log or an answer during a whole run', async () => {
  const companyId = randomUUID();
  const admin = await h.user(companyId, 'admin');
  const answers: string[] = [];
  const started = await h.call(admin, { method: 'POST', url: `/api/integrations/${companyId}/slack/install-url` });
  answers.push(started.body);
  const done = await installSlack(h, companyId, admin, { channel: 'C0ANALYTICS' });
  const state = new URL(done.installUrl).searchParams.get('state')!;
  const code = new URL(done.callbackPath, 'http://x').searchParams.get('code')!;
  const exchange = h.slack.calls.filter((c) => c.method === 'oauth.v2.access').at(-1)!;
  expect(exchange.body.code).toBe(code);

  h.slack.failNext('chat.postMessage', { kind: 'server_error', status: 500 });
  for (const n of [1, 2, 3]) await notify(h, { companyId, kind: 'plan_changed', subject: `s${n}`, dedupeKey: `k${n}` });
  await h.deps.delivery.drain();
  await h.admin.query(`UPDATE integrations.slack_deliveries SET not_before = now() WHERE company_id = $1`, [companyId]);
  h.slack.failNext('chat.postMessage', { kind: 'error', error: 'channel_not_found' });
  await h.deps.delivery.drain();
  answers.push((await h.call(admin, { method: 'GET', url: `/api/integrations/${companyId}/slack` })).body);
  answers.push(
    (await h.call(admin, { method: 'GET', url: `/api/integrations/${companyId}/slack/subscriptions` })).body,
  );
  answers.push((await h.call(admin, { method: 'DELETE', url: `/api/integrations/${companyId}/slack` })).body);

  const token = h.slack.calls.find((c) => c.method === 'chat.postMessage')!.token;
  expect(token).toMatch(/^xoxb-/);
  const webhook = `${h.slack.url}/services/`;
  const cookie = done.cookie.split('=')[1];
  const log = lines.join('');
  expect(log).toContain('slack installed');
  expect(log).toContain('subscription paused');
  expect(log).toContain('code=[redacted]');
  for (const secret of [token, webhook, h.slack.clientSecret, state, cookie, code, h.config.INTEGRATIONS_SECRET_KEY!])
    expect(log).not.toContain(secret);
  for (const secret of [token, webhook, h.slack.clientSecret, state, cookie, code, h.config.INTEGRATIONS_SECRET_KEY!])
    for (const answer of answers) expect(answer).not.toContain(secret);
});

test('no destination credential reaches the log or an answer, through setup, test, preview, push and a refusal', async () => {
  const companyId = randomUUID();
  h.peer.plans.set(companyId, samplePlan());
  const admin = await h.user(companyId, 'admin');
  const viewer = await h.user(companyId, 'viewer');
  const answers: string[] = [];
  const call = async (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object, who = admin) => {
    const response = await h.call(who, { method, url: `/api/integrations/${companyId}${path}`, payload });
    answers.push(response.body);
    return response;
  };
  const destinations = [
    {
      type: 'mparticle',
      name: 'mParticle',
      settings: { kind: 'mparticle', workspaceId: L.mparticle.workspaceId, planId: L.mparticle.planId },
      credentials: { kind: 'mparticle', clientId: L.mparticle.clientId, clientSecret: L.mparticle.clientSecret },
    },
    {
      type: 'amplitude',
      name: 'Amplitude',
      settings: { kind: 'amplitude' },
      credentials: { kind: 'amplitude', apiKey: L.amplitude.apiKey, secretKey: L.amplitude.secretKey },
    },
    {
      type: 'segment',
      name: 'Segment refused',
      settings: { kind: 'segment', trackingPlanId: L.segment.trackingPlanId },
      credentials: { kind: 'segment', token: 'segment-token-that-is-refused' },
    },
  ];
  for (const body of destinations) {
    const id = (await call('POST', '/destinations', body)).json<{ id: string }>().id;
    await call('POST', `/destinations/${id}/test`);
    await call('POST', `/destinations/${id}/preview`);
    const { runId } = (await call('POST', `/destinations/${id}/sync`)).json<{ runId: string }>();
    await h.deps.sync.drain();
    await call('GET', `/sync-runs/${runId}`, undefined, viewer);
  }
  await call('GET', '/destinations', undefined, viewer);
  const log = lines.join('');
  expect(log).toContain('destination push finished');
  const secrets = [
    L.mparticle.clientSecret,
    L.amplitude.secretKey,
    L.amplitude.apiKey,
    'segment-token-that-is-refused',
    Buffer.from(`${L.amplitude.apiKey}:${L.amplitude.secretKey}`).toString('base64'),
  ];
  for (const secret of secrets) {
    expect(log).not.toContain(secret);
    for (const answer of answers) expect(answer).not.toContain(secret);
  }
});
