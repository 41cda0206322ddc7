import { randomUUID } from 'node:crypto';
import { startHarness, type Harness, type TestUser } from '../support/harness';
import { installSlack } from '../support/install';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

async function company(): Promise<{ id: string; admin: TestUser }> {
  const id = randomUUID();
  return { id, admin: await h.user(id, 'admin') };
}

const status = async (companyId: string, user: TestUser) =>
  (await h.call(user, { method: 'GET', url: `/api/integrations/${companyId}/slack` })).json();

test('an admin installs: Slack is asked with the scopes and a state, the popup ends successful, the status says connected', async () => {
  const { id, admin } = await company();
  expect(await status(id, admin)).toMatchObject({ status: 'not_connected', team: null, channel: null });
  const done = await installSlack(h, id, admin, { channel: 'C0ANALYTICS' });
  const asked = new URL(done.installUrl);
  expect(asked.origin + asked.pathname).toBe(h.slack.authorizeUrl);
  expect(asked.searchParams.get('scope')).toBe('incoming-webhook,chat:write,chat:write.public,channels:read');
  expect(asked.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(done.location).toBe('/auth/popup-close?provider=slack&status=success');
  expect(await status(id, admin)).toEqual({
    status: 'connected',
    team: { id: h.slack.teamId, name: h.slack.teamName },
    channel: { id: 'C0ANALYTICS', name: 'analytics' },
    paused: [],
    localSlack: false,
  });
  expect(h.slack.calls.filter((c) => c.method === 'oauth.v2.access')).toHaveLength(1);
});

test('the token and the webhook address are stored sealed, the state only as a hash', async () => {
  const { id, admin } = await company();
  const started = await h.call(admin, { method: 'POST', url: `/api/integrations/${id}/slack/install-url` });
  const state = new URL(started.json().url).searchParams.get('state')!;
  const { rows: states } = await h.admin.query(
    `SELECT state_hash FROM integrations.slack_install_states WHERE company_id = $1`,
    [id],
  );
  expect(states).toHaveLength(1);
  expect(states[0].state_hash).not.toContain(state);
  const cookie = String(started.headers['set-cookie']);
  expect(cookie).toMatch(/HttpOnly/);
  expect(cookie).toMatch(/SameSite=Lax/);
  expect(cookie).toMatch(/Path=\/api\/integrations\/slack\/oauth/);

  await installSlack(h, id, admin);
  const { rows } = await h.admin.query(
    `SELECT bot_token, webhook_url FROM integrations.slack_installations WHERE company_id = $1`,
    [id],
  );
  expect(rows[0].bot_token).toMatch(/^v1:/);
  expect(rows[0].bot_token).not.toContain('xoxb-');
  expect(rows[0].webhook_url).toMatch(/^v1:/);
  expect(rows[0].webhook_url).not.toContain(h.slack.url);
});

test('a state is single use, short-lived and bound to the browser cookie: each failure ends with invalid_state', async () => {
  const { id, admin } = await company();
  const started = await h.call(admin, { method: 'POST', url: `/api/integrations/${id}/slack/install-url` });
  const cookie = String(started.headers['set-cookie']).split(';')[0];
  const back = new URL(await h.slack.decide(started.json().url, 'allow'));
  const callback = (headers: Record<string, string>) =>
    h.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers });

  const wrongCookie = await callback({ cookie: 'tm_slack_install=someone-else' });
  expect(wrongCookie.headers.location).toBe('/auth/popup-close?provider=slack&status=error&code=invalid_state');
  // The mismatched try used the state up: the right cookie is now too late.
  const reused = await callback({ cookie });
  expect(reused.headers.location).toBe('/auth/popup-close?provider=slack&status=error&code=invalid_state');

  const again = await installSlack(h, id, admin);
  expect(again.location).toBe('/auth/popup-close?provider=slack&status=success');
  const replay = await h.app.inject({ method: 'GET', url: again.callbackPath, headers: { cookie: again.cookie } });
  expect(replay.headers.location).toBe('/auth/popup-close?provider=slack&status=error&code=invalid_state');

  const expiring = await h.call(admin, { method: 'POST', url: `/api/integrations/${id}/slack/install-url` });
  await h.admin.query(
    `UPDATE integrations.slack_install_states SET expires_at = now() - interval '1 second' WHERE company_id = $1`,
    [id],
  );
  const late = new URL(await h.slack.decide(expiring.json().url, 'allow'));
  const expired = await h.app.inject({
    method: 'GET',
    url: `${late.pathname}${late.search}`,
    headers: { cookie: String(expiring.headers['set-cookie']).split(';')[0] },
  });
  expect(expired.headers.location).toBe('/auth/popup-close?provider=slack&status=error&code=invalid_state');
});

test('a denial at Slack ends with access_denied and installs nothing', async () => {
  const { id, admin } = await company();
  const done = await installSlack(h, id, admin, { decision: 'deny' });
  expect(done.location).toBe('/auth/popup-close?provider=slack&status=error&code=access_denied');
  expect((await status(id, admin)).status).toBe('not_connected');
});

test('an admin demoted before the callback does not install', async () => {
  const { id, admin } = await company();
  const started = await h.call(admin, { method: 'POST', url: `/api/integrations/${id}/slack/install-url` });
  const back = new URL(await h.slack.decide(started.json().url, 'allow'));
  h.peer.setRole(id, admin.id, 'viewer');
  const callback = await h.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: String(started.headers['set-cookie']).split(';')[0] },
  });
  expect(callback.headers.location).toBe('/auth/popup-close?provider=slack&status=error&code=invalid_state');
  h.peer.setRole(id, admin.id, 'admin');
  expect((await status(id, admin)).status).toBe('not_connected');
});

test('disconnect revokes the token at Slack and wipes the installation', async () => {
  const { id, admin } = await company();
  await installSlack(h, id, admin);
  const deleted = await h.call(admin, { method: 'DELETE', url: `/api/integrations/${id}/slack` });
  expect(deleted.statusCode).toBe(204);
  const revoke = h.slack.calls.filter((c) => c.method === 'auth.revoke');
  expect(revoke.at(-1)?.token).toMatch(/^xoxb-sandbox-/);
  const { rows } = await h.admin.query(`SELECT 1 FROM integrations.slack_installations WHERE company_id = $1`, [id]);
  expect(rows).toEqual([]);
  expect((await status(id, admin)).status).toBe('not_connected');
});

test('a viewer gets no install URL', async () => {
  const id = randomUUID();
  const viewer = await h.user(id, 'viewer');
  const refused = await h.call(viewer, { method: 'POST', url: `/api/integrations/${id}/slack/install-url` });
  expect(refused.statusCode).toBe(403);
  expect(refused.headers['set-cookie']).toBeUndefined();
});
