import { createHash, randomBytes } from 'node:crypto';
import { ANON_KEY, newEmail, signedInUser, startAuth, STRONG_PASSWORD, type RunningAuth } from './helpers';

let auth: RunningAuth;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(async () => auth?.stop());

async function post(path: string, body: unknown) {
  const response = await fetch(`${auth.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: ANON_KEY },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

test('PKCE sign-up: the email link redirects with ?code= and supabase-js exchanges it for a session', async () => {
  const client = auth.client('pkce');
  const email = newEmail('pkce');
  const { error } = await client.auth.signUp({
    email,
    password: STRONG_PASSWORD,
    options: { emailRedirectTo: 'http://app.example.test/welcome/done' },
  });
  expect(error).toBeNull();
  const [mail] = await auth.outbox(email);
  const response = await fetch(mail.data.link!, { redirect: 'manual' });
  expect(response.status).toBe(303);
  const target = new URL(response.headers.get('location')!);
  expect(`${target.origin}${target.pathname}`).toBe('http://app.example.test/welcome/done');
  const code = target.searchParams.get('code')!;
  expect(code).toBeTruthy();
  expect(target.hash).toBe('');
  const exchanged = await client.auth.exchangeCodeForSession(code);
  expect(exchanged.error).toBeNull();
  expect(exchanged.data.session?.user.email).toBe(email);
  expect(exchanged.data.session?.user.email_confirmed_at).toBeDefined();
  // The code is single use.
  const again = await post('/token?grant_type=pkce', { auth_code: code, code_verifier: 'x'.repeat(43) });
  expect([again.status, again.body.code]).toEqual([404, 'flow_state_not_found']);
});

test('PKCE errors: wrong verifier, unknown code, expired flow', async () => {
  const email = newEmail('pkce-err');
  const pair = pkcePair();
  expect(
    (
      await post('/signup', {
        email,
        password: STRONG_PASSWORD,
        code_challenge: pair.challenge,
        code_challenge_method: 's256',
      })
    ).status,
  ).toBe(200);
  const [mail] = await auth.outbox(email);
  const location = new URL((await fetch(mail.data.link!, { redirect: 'manual' })).headers.get('location')!);
  const code = location.searchParams.get('code')!;
  const bad = await post('/token?grant_type=pkce', { auth_code: code, code_verifier: pkcePair().verifier });
  expect([bad.status, bad.body.code]).toEqual([400, 'bad_code_verifier']);
  expect((await post('/token?grant_type=pkce', { auth_code: 'nope', code_verifier: pair.verifier })).body.code).toBe(
    'flow_state_not_found',
  );
  await auth.app.db.query(`UPDATE auth.flow_states SET auth_code_issued_at = now() - interval '301 seconds'`);
  const expired = await post('/token?grant_type=pkce', { auth_code: code, code_verifier: pair.verifier });
  expect([expired.status, expired.body.code]).toEqual([422, 'flow_state_expired']);
});

test('PKCE recovery: the exchanged session is a recovery session and may set a password without the old one', async () => {
  const { email } = await signedInUser(auth);
  const client = auth.client('pkce');
  const events: string[] = [];
  client.auth.onAuthStateChange((event) => events.push(event));
  expect(
    (await client.auth.resetPasswordForEmail(email, { redirectTo: `${auth.url}/reset-password` })).error,
  ).toBeNull();
  const [mail] = await auth.outbox(email);
  expect(mail.template).toBe('reset-password');
  const location = new URL((await fetch(mail.data.link!, { redirect: 'manual' })).headers.get('location')!);
  expect(location.pathname).toBe('/reset-password');
  const { error } = await client.auth.exchangeCodeForSession(location.searchParams.get('code')!);
  expect(error).toBeNull();
  expect(events).toContain('PASSWORD_RECOVERY');
  const updated = await client.auth.updateUser({ password: 'a brand new passphrase 99' });
  expect(updated.error).toBeNull();
  expect(
    (await auth.client().auth.signInWithPassword({ email, password: 'a brand new passphrase 99' })).error,
  ).toBeNull();
});

test('verifyOtp with email + 6-digit code, and with token_hash; both single use', async () => {
  const client = auth.client();
  const email = newEmail('otp');
  await client.auth.signUp({ email, password: STRONG_PASSWORD });
  const [mail] = await auth.outbox(email);
  const wrongCode = mail.data.otp === '000000' ? '111111' : '000000';
  const wrong = await client.auth.verifyOtp({ email, token: wrongCode, type: 'signup' });
  expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired' });
  const ok = await client.auth.verifyOtp({ email, token: mail.data.otp!, type: 'signup' });
  expect(ok.error).toBeNull();
  expect(ok.data.session?.user.email_confirmed_at).toBeDefined();
  expect((await client.auth.verifyOtp({ email, token: mail.data.otp!, type: 'signup' })).error).toMatchObject({
    code: 'otp_expired',
  });

  const recovery = await auth.admin().auth.admin.generateLink({ type: 'recovery', email });
  const tokenHash = recovery.data.properties!.hashed_token;
  // A token made for recovery is no good as a signup token.
  expect((await client.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' })).error).toMatchObject({
    code: 'otp_expired',
  });
});

test('verifyOtp with token_hash for recovery emits PASSWORD_RECOVERY', async () => {
  const { email } = await signedInUser(auth);
  const client = auth.client();
  const recovery = await auth.admin().auth.admin.generateLink({ type: 'recovery', email });
  const events: string[] = [];
  client.auth.onAuthStateChange((event) => events.push(event));
  const verified = await client.auth.verifyOtp({
    token_hash: recovery.data.properties!.hashed_token,
    type: 'recovery',
  });
  expect(verified.error).toBeNull();
  expect(events).toContain('PASSWORD_RECOVERY');
  expect(
    (await client.auth.verifyOtp({ token_hash: recovery.data.properties!.hashed_token, type: 'recovery' })).error,
  ).toMatchObject({ code: 'otp_expired' });
});

test('expired email tokens are refused and a new email invalidates the previous link', async () => {
  const client = auth.client();
  const email = newEmail('expiry');
  await client.auth.signUp({ email, password: STRONG_PASSWORD });
  const [first] = await auth.outbox(email);
  await client.auth.resend({ type: 'signup', email });
  const [second] = await auth.outbox(email);
  expect(second.data.otp).toBeDefined();
  const stale = await fetch(first.data.link!, { redirect: 'manual' });
  expect(new URLSearchParams(new URL(stale.headers.get('location')!).hash.slice(1)).get('error_code')).toBe(
    'otp_expired',
  );
  await auth.app.db.query(`UPDATE auth.one_time_tokens SET expires_at = now() - interval '1 second' WHERE email = $1`, [
    email,
  ]);
  const expired = await client.auth.verifyOtp({ email, token: second.data.otp!, type: 'signup' });
  expect(expired.error).toMatchObject({ status: 403, code: 'otp_expired' });
  expect(await auth.count('users', 'email = $1 AND email_confirmed_at IS NOT NULL', [email])).toBe(0);
});

test('redirect_to outside the allow-list falls back to the site URL; errors redirect with error fields', async () => {
  const email = newEmail('redirect');
  await auth
    .client()
    .auth.signUp({ email, password: STRONG_PASSWORD, options: { emailRedirectTo: 'https://evil.example/steal' } });
  const [mail] = await auth.outbox(email);
  expect(new URL(mail.data.link!).searchParams.get('redirect_to')).toBe(`${auth.url}/`);
  const link = new URL(mail.data.link!);
  link.searchParams.set('redirect_to', 'https://evil.example/steal');
  const response = await fetch(link, { redirect: 'manual' });
  const target = new URL(response.headers.get('location')!);
  expect(target.origin).toBe(auth.url);
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  const bad = await fetch(
    `${auth.url}/auth/v1/verify?token=nope&type=signup&redirect_to=${encodeURIComponent('http://app.example.test/welcome')}`,
    { redirect: 'manual' },
  );
  expect(bad.status).toBe(303);
  const errorTarget = new URL(bad.headers.get('location')!);
  expect(errorTarget.origin + errorTarget.pathname).toBe('http://app.example.test/welcome');
  const params = new URLSearchParams(errorTarget.hash.slice(1));
  expect(params.get('error')).toBe('access_denied');
  expect(params.get('error_code')).toBe('otp_expired');
  expect(params.get('error_description')).toBe('Email link is invalid or has expired');
  const missing = await fetch(`${auth.url}/auth/v1/verify?type=signup`, { redirect: 'manual' });
  expect(missing.status).toBe(400);
});
