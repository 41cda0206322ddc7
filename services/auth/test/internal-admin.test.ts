import { INTERNAL_TOKEN, startAuth, type RunningAuth } from './helpers';

let auth: RunningAuth;

beforeAll(async () => {
  auth = await startAuth();
});

afterAll(async () => {
  await auth?.stop();
});

const call = (path: string, init: { method?: string; body?: unknown; token?: string | null } = {}) =>
  fetch(`${auth.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token === null ? {} : { 'x-service-token': init.token ?? INTERNAL_TOKEN }),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

test('every admin internal route needs the service token', async () => {
  const id = '11111111-1111-4111-8111-111111111111';
  const routes: Array<[string, string]> = [
    ['GET', '/internal/admin/users?q=a'],
    ['GET', '/internal/admin/users/stats'],
    ['GET', '/internal/admin/about'],
    ['POST', `/internal/admin/users/${id}/sessions/end`],
    ['POST', '/internal/admin/users/invite'],
    ['GET', '/internal/outbox'],
    ['GET', '/internal/outbox/stats'],
    ['GET', `/internal/outbox/${id}`],
    ['POST', `/internal/outbox/${id}/resend`],
  ];
  for (const [method, path] of routes) {
    for (const token of [null, 'wrong-token']) {
      const res = await call(path, { method, token, body: method === 'POST' ? {} : undefined });
      expect([method, path, res.status, ((await res.json()) as { code: string }).code]).toEqual([
        method,
        path,
        401,
        'invalid_service_token',
      ]);
    }
  }
});

test('search by email part, name or id; counts; invitation; ending every session', async () => {
  const admin = auth.admin();
  const created = await admin.auth.admin.createUser({
    email: 'grace.hopper@example.com',
    password: 'a-long-enough-password-9',
    email_confirm: true,
    user_metadata: { first_name: 'Grace', last_name: 'Hopper' },
  });
  const id = created.data.user!.id;
  const byName = (await (await call('/internal/admin/users?q=grace%20hop')).json()) as {
    users: Array<{ id: string; firstName: string }>;
  };
  expect(byName.users).toEqual([
    expect.objectContaining({ id, firstName: 'Grace', emailConfirmed: true, invited: false }),
  ]);
  expect(((await (await call(`/internal/admin/users?q=${id}`)).json()) as { users: unknown[] }).users).toHaveLength(1);
  expect(((await (await call('/internal/admin/users?q=%25')).json()) as { users: unknown[] }).users).toEqual([]);

  const invited = await call('/internal/admin/users/invite', {
    method: 'POST',
    body: { email: 'new.person@example.com', firstName: 'New' },
  });
  expect(invited.status).toBe(200);
  expect((await auth.outbox('new.person@example.com')).map((m) => m.template)).toEqual(['invitation']);
  const again = await call('/internal/admin/users/invite', {
    method: 'POST',
    body: { email: 'grace.hopper@example.com' },
  });
  expect(((await again.json()) as { code: string }).code).toBe('email_exists');

  expect(await (await call('/internal/admin/about')).json()).toEqual({
    version: null,
    uptimeSeconds: expect.any(Number),
  });
  const stats = (await (await call('/internal/admin/users/stats')).json()) as {
    total: number;
    confirmed: number;
    newThisWeek: number;
    dailySignups: number[];
  };
  expect(stats).toMatchObject({ total: 2, confirmed: 1, newThisWeek: 2 });
  expect(stats.dailySignups).toHaveLength(14);
  expect(stats.dailySignups[13]).toBe(2);

  const client = auth.client();
  const signedIn = await client.auth.signInWithPassword({
    email: 'grace.hopper@example.com',
    password: 'a-long-enough-password-9',
  });
  const ended = await call(`/internal/admin/users/${id}/sessions/end`, { method: 'POST' });
  expect(await ended.json()).toEqual({ ended: 1 });
  const refreshed = await client.auth.refreshSession({ refresh_token: signedIn.data.session!.refresh_token });
  expect(refreshed.error).not.toBeNull();
  const unknown = await call('/internal/admin/users/22222222-2222-4222-8222-222222222222/sessions/end', {
    method: 'POST',
  });
  expect(unknown.status).toBe(404);
});
