import { MESSAGES } from '@tracemap/contracts';
import { bearer, PUBLIC_KEY, signedInUser, startCompany, startStack, type Stack } from '../support/stack';
import { startAccount } from '../support/account-app';
import { waitFor } from '@tracemap/test-kit';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ company: true });
});

afterAll(async () => {
  await stack?.stop();
});

const sync = (token?: string) =>
  stack.account.app.inject({ method: 'GET', url: '/api/account/sync', headers: token ? bearer(token) : {} });

describe('GET /api/account/sync', () => {
  test('answers the user record with names from signup, companies from the company service', async () => {
    const user = await signedInUser(stack, { firstName: 'Grace', lastName: 'Hopper' });
    const created = await stack.company!.app.inject({
      method: 'POST',
      url: '/api/company/create',
      headers: bearer(user.token),
      payload: { name: 'Hopper Labs' },
    });
    expect(created.statusCode).toBeLessThan(300);

    const res = await sync(user.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body).toEqual({
      id: user.id,
      email: user.email,
      emailConfirmed: true,
      trialUsed: false,
      anamap_admin: false,
      passwordResetRequired: false,
      companyPermissions: [{ id: expect.any(String), name: 'Hopper Labs', role: 'owner' }],
      firstName: 'Grace',
      lastName: 'Hopper',
    });
  });

  test('no token, the public key, a forged token → 401 JSON', async () => {
    const none = await sync();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ statusCode: 401, code: 'not_logged_in', message: MESSAGES.notLoggedIn });
    expect((await sync(PUBLIC_KEY)).statusCode).toBe(401);
    const forged = await sync('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4Iiwicm9sZSI6ImF1dGhlbnRpY2F0ZWQifQ.');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(MESSAGES.sessionExpired);
  });

  test('a session ended at auth is refused within a second, not when its token expires', async () => {
    const user = await signedInUser(stack);
    expect((await sync(user.token)).statusCode).toBe(200);
    await user.client.auth.signOut({ scope: 'local' });
    // Auth's announcement reaches account over its own database connection, a moment after sign-out answers.
    const after = await waitFor(() => sync(user.token), {
      until: (res) => res.statusCode !== 200,
      timeoutMs: 1000,
      intervalMs: 20,
      message: 'the ended session refused',
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(MESSAGES.sessionExpired);
  });

  test('answers 205 with the spec message while a password reset is required', async () => {
    const user = await signedInUser(stack);
    expect((await sync(user.token)).statusCode).toBe(200);
    // Set by an administrator; there is no user-facing route that sets it.
    await stack.account.app.db.query('UPDATE account.profiles SET password_reset_required = true WHERE user_id = $1', [
      user.id,
    ]);
    const res = await waitFor(
      async () => {
        const r = await fetch(`${stack.account.url}/api/account/sync`, { headers: bearer(user.token) });
        return r.status === 205 && r;
      },
      { message: 'sync answering 205 once a reset is required' },
    );
    expect(res.status).toBe(205);
    // Over real HTTP a 205 carries no body for fetch; other clients get the message.
    const injected = await sync(user.token);
    expect(injected.statusCode).toBe(205);
    expect(injected.json()).toEqual({
      statusCode: 205,
      code: 'password_reset_required',
      message: MESSAGES.passwordResetRequired,
    });
  });

  test('is cached for 2 s per user; this service’s own writes show at once', async () => {
    const user = await signedInUser(stack, { firstName: 'Cache', lastName: 'Me' });
    expect((await sync(user.token)).json().firstName).toBe('Cache');
    // A write that bypasses this service (as a stand-in for auth-side changes) is served stale until the entry expires…
    await stack.account.app.db.query(`UPDATE account.profiles SET trial_used = true WHERE user_id = $1`, [user.id]);
    const fresh = await waitFor(
      async () => {
        const body = (await sync(user.token)).json();
        return body.trialUsed === true && body;
      },
      { message: 'sync showing the outside write once its cache entry expires' },
    );
    expect(fresh.trialUsed).toBe(true);

    // …while a long-lived cache shows the entry really is reused.
    const longCache = await startAccount({
      DATABASE_URL: stack.database.url,
      AUTH_URL: stack.auth.url,
      COMPANY_URL: stack.company!.url,
      AUTH_PUBLIC_KEY: PUBLIC_KEY,
      SYNC_CACHE_MS: '600000',
    });
    try {
      const first = await longCache.app.inject({ url: '/api/account/sync', headers: bearer(user.token) });
      expect(first.json().trialUsed).toBe(true);
      await longCache.app.db.query(`UPDATE account.profiles SET trial_used = false WHERE user_id = $1`, [user.id]);
      const cached = await longCache.app.inject({ url: '/api/account/sync', headers: bearer(user.token) });
      expect(cached.json().trialUsed).toBe(true);
      // Its own write invalidates the entry.
      const renamed = await longCache.app.inject({
        method: 'POST',
        url: '/api/account/update-name',
        headers: bearer(user.token),
        payload: { firstName: 'New', lastName: 'Name' },
      });
      expect(renamed.statusCode).toBe(200);
      const after = (await longCache.app.inject({ url: '/api/account/sync', headers: bearer(user.token) })).json();
      expect(after).toMatchObject({ firstName: 'New', lastName: 'Name', trialUsed: false });
    } finally {
      await longCache.app.close();
    }
  });

  test('with the company service down, the answer is marked degraded and keeps the last known permissions', async () => {
    const user = await signedInUser(stack);
    await stack.company!.app.inject({
      method: 'POST',
      url: '/api/company/create',
      headers: bearer(user.token),
      payload: { name: 'Down Co' },
    });
    // A company service of its own, so this test can stop it.
    const { app: company, url: companyUrl } = await startCompany({
      DATABASE_URL: stack.database.url,
      AUTH_URL: stack.auth.url,
    });
    // No cache, so every sync asks the company service.
    const account = await startAccount({
      DATABASE_URL: stack.database.url,
      AUTH_URL: stack.auth.url,
      COMPANY_URL: companyUrl,
      AUTH_PUBLIC_KEY: PUBLIC_KEY,
      SYNC_CACHE_MS: '0',
    });
    const neverSawIt = await startAccount({
      DATABASE_URL: stack.database.url,
      AUTH_URL: stack.auth.url,
      AUTH_PUBLIC_KEY: PUBLIC_KEY,
    });
    try {
      const before = await account.app.inject({ url: '/api/account/sync', headers: bearer(user.token) });
      expect(before.json().companyPermissions).toEqual([expect.objectContaining({ name: 'Down Co', role: 'owner' })]);
      expect(before.json()).not.toHaveProperty('degraded');

      await company.close();
      const during = await account.app.inject({ url: '/api/account/sync', headers: bearer(user.token) });
      expect(during.statusCode).toBe(200);
      expect(during.json()).toMatchObject({
        id: user.id,
        companyPermissions: [expect.objectContaining({ name: 'Down Co', role: 'owner' })],
        degraded: ['companyPermissions'],
      });

      // An instance that never reached the company service for this user knows no list: it says so rather than "no company".
      const unknown = await neverSawIt.app.inject({ url: '/api/account/sync', headers: bearer(user.token) });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toMatchObject({ id: user.id, companyPermissions: [], degraded: ['companyPermissions'] });
      // A degraded answer is not cached: the next one asks again and is still marked.
      expect(
        (await neverSawIt.app.inject({ url: '/api/account/sync', headers: bearer(user.token) })).json().degraded,
      ).toEqual(['companyPermissions']);
    } finally {
      await company.close();
      await account.app.close();
      await neverSawIt.app.close();
    }
  });

  test('the real supabase-js session works end to end over HTTP', async () => {
    const user = await signedInUser(stack);
    const { data } = await user.client.auth.getSession();
    const res = await fetch(`${stack.account.url}/api/account/sync`, { headers: bearer(data.session!.access_token) });
    expect(res.status).toBe(200);
    expect((await res.json()).email).toBe(user.email);
  });
});
