import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { ANON_KEY, newEmail, signedInUser, startAuth, STRONG_PASSWORD, type RunningAuth } from './helpers';

let auth: RunningAuth;
beforeAll(async () => {
  auth = await startAuth({
    AUTH_RATE_LIMIT_PER_IP: '5',
    AUTH_RATE_LIMIT_PER_EMAIL: '3',
    AUTH_RATE_LIMIT_REFRESH: '4',
    AUTH_RATE_LIMIT_MFA: '2',
    AUTH_EMAIL_SEND_INTERVAL_SECONDS: '60',
  });
});
afterAll(async () => auth?.stop());

let ipCounter = 0;
/** Each test speaks from its own address (the gateway's X-Forwarded-For hop) so buckets do not mix. */
function freshIp(): string {
  ipCounter += 1;
  return `10.0.0.${ipCounter}`;
}

async function post(path: string, body: unknown, ip: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${auth.url}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      apikey: ANON_KEY,
      'x-forwarded-for': `203.0.113.9, ${ip}`,
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json(), retryAfter: response.headers.get('retry-after') };
}

test('sign-in trips at exactly the per-IP limit', async () => {
  const ip = freshIp();
  const statuses: number[] = [];
  for (let i = 0; i < 6; i += 1) {
    statuses.push(
      (await post('/token?grant_type=password', { email: newEmail(), password: 'wrong password here' }, ip)).status,
    );
  }
  expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  const refused = await post('/token?grant_type=password', { email: newEmail(), password: 'x' }, ip);
  expect(refused.body).toMatchObject({ code: 'over_request_rate_limit', msg: 'Request rate limit reached' });
  expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  // Another address is not affected.
  expect((await post('/token?grant_type=password', { email: newEmail(), password: 'x' }, freshIp())).status).toBe(400);
});

test('sign-in trips at exactly the per-email limit, whatever the address', async () => {
  const email = newEmail('target');
  const statuses: number[] = [];
  for (let i = 0; i < 4; i += 1)
    statuses.push(
      (await post('/token?grant_type=password', { email, password: 'guess number one' }, freshIp())).status,
    );
  expect(statuses).toEqual([400, 400, 400, 429]);
});

test('sign-up, recover, resend and verify each have their own per-IP bucket', async () => {
  for (const [path, body] of [
    ['/signup', () => ({ email: newEmail(), password: 'Zq9-xv-Tk' })],
    ['/recover', () => ({ email: newEmail() })],
    ['/resend', () => ({ email: newEmail(), type: 'signup' })],
    ['/verify', () => ({ type: 'signup', token_hash: 'nope' })],
  ] as const) {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await post(path, body(), ip)).status);
    expect([path, statuses.slice(0, 5).every((s) => s !== 429), statuses[5]]).toEqual([path, true, 429]);
  }
});

test('one email per address per interval, for known and unknown addresses alike', async () => {
  const known = newEmail('known');
  await auth.admin().auth.admin.createUser({ email: known, password: STRONG_PASSWORD, email_confirm: true });
  for (const email of [known, newEmail('unknown')]) {
    expect((await post('/recover', { email }, freshIp())).status).toBe(200);
    const second = await post('/recover', { email }, freshIp());
    expect(second.status).toBe(429);
    expect(second.body.code).toBe('over_email_send_rate_limit');
    expect(second.body.msg).toMatch(/only request this after \d+ seconds/);
  }
  expect((await auth.outbox(known)).length).toBe(1);
});

test('sign-up again within the email interval answers as for a new address and sends nothing more', async () => {
  // supabase-js from its own address, as a browser behind the gateway would be.
  const client = createClient(auth.url, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'x-forwarded-for': `203.0.113.9, ${freshIp()}` } },
    realtime: { transport: WebSocket as never },
  });
  const registered = newEmail('registered');
  await auth.admin().auth.admin.createUser({ email: registered, password: STRONG_PASSWORD, email_confirm: true });
  const pending = newEmail('pending');

  const fresh = await client.auth.signUp({ email: newEmail('fresh'), password: STRONG_PASSWORD });
  expect(fresh.error).toBeNull();
  for (const email of [registered, pending]) {
    for (const attempt of [1, 2]) {
      const { data, error } = await client.auth.signUp({ email, password: STRONG_PASSWORD });
      expect([email, attempt, error]).toEqual([email, attempt, null]);
      expect(data.session).toBeNull();
      expect(data.user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated' });
      expect(
        Object.keys(data.user!)
          .filter((k) => k !== 'identities')
          .sort(),
      ).toEqual(
        expect.arrayContaining([
          'id',
          'aud',
          'role',
          'email',
          'confirmation_sent_at',
          'app_metadata',
          'user_metadata',
          'created_at',
          'updated_at',
        ]),
      );
    }
  }
  // The flood protection still holds: one email per address per interval.
  expect((await auth.outbox(registered)).map((m) => m.template)).toEqual(['already-registered']);
  const pendingMails = await auth.outbox(pending);
  expect(pendingMails.map((m) => m.template)).toEqual(['confirm-email']);
  // The link already sent keeps working: the skipped sign-up did not replace its token.
  const confirmed = await fetch(pendingMails[0].data.link!, { redirect: 'manual' });
  expect(confirmed.status).toBe(303);
  expect(confirmed.headers.get('location')).toContain('access_token=');
  // The owner of the registered address keeps their password.
  expect((await client.auth.signInWithPassword({ email: registered, password: STRONG_PASSWORD })).error).toBeNull();
});

test('refresh trips at its own limit', async () => {
  const ip = freshIp();
  const statuses: number[] = [];
  for (let i = 0; i < 5; i += 1)
    statuses.push((await post('/token?grant_type=refresh_token', { refresh_token: 'unknown' }, ip)).status);
  expect(statuses).toEqual([400, 400, 400, 400, 429]);
});

test('MFA verify trips at the per-user limit', async () => {
  // A fresh IP for the sign-in itself; the admin client is not rate limited.
  const { client } = await signedInUser(auth, newEmail('mfa'));
  const factor = (await client.auth.mfa.enroll({ factorType: 'totp' })).data!;
  const token = (await client.auth.getSession()).data.session!.access_token;
  const statuses: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    statuses.push(
      (await post(`/factors/${factor.id}/challenge`, {}, freshIp(), { authorization: `Bearer ${token}` })).status,
    );
  }
  expect(statuses).toEqual([200, 200, 429]);
});
