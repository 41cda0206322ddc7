import { startOutboxWorker } from '@tracemap/mailer';
import { startSmtpPeer } from '@tracemap/test-kit';
import { newEmail, startAuth, STRONG_PASSWORD, type RunningAuth } from './helpers';

let auth: RunningAuth;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(async () => auth?.stop());

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${auth.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'x', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

test('sign-up answers a bare user, queues a confirmation, and the emailed link confirms and signs in', async () => {
  const email = newEmail('signup');
  const client = auth.client();
  const { data, error } = await client.auth.signUp({
    email: email.toUpperCase(),
    password: STRONG_PASSWORD,
    options: { data: { first_name: 'Ada' } },
  });
  expect(error).toBeNull();
  expect(data.session).toBeNull();
  expect(data.user).toMatchObject({
    email,
    aud: 'authenticated',
    role: 'authenticated',
    user_metadata: { first_name: 'Ada' },
  });
  expect(data.user!.identities).toHaveLength(1);
  expect(data.user!.email_confirmed_at).toBeUndefined();

  const signInBefore = await client.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
  expect(signInBefore.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });

  const [mail] = await auth.outbox(email);
  expect(mail.template).toBe('confirm-email');
  expect(mail.data.otp).toMatch(/^\d{6}$/);
  const link = new URL(mail.data.link!);
  expect(link.pathname).toBe('/auth/v1/verify');
  expect(link.searchParams.get('type')).toBe('signup');
  // Only digests are stored.
  const token = link.searchParams.get('token')!;
  expect(await auth.count('one_time_tokens', 'token_hash = $1', [token])).toBe(0);

  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  const target = new URL(response.headers.get('location')!);
  expect(target.origin).toBe(auth.url);
  const fragment = new URLSearchParams(target.hash.slice(1));
  expect(fragment.get('type')).toBe('signup');
  expect(fragment.get('token_type')).toBe('bearer');
  const { data: who } = await client.auth.getUser(fragment.get('access_token')!);
  expect(who.user?.email_confirmed_at).toBeDefined();

  // Single use: the same link now fails, with an error redirect.
  const again = await fetch(link, { redirect: 'manual' });
  const errorTarget = new URL(again.headers.get('location')!);
  expect(new URLSearchParams(errorTarget.hash.slice(1)).get('error_code')).toBe('otp_expired');

  const signIn = await client.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
  expect(signIn.error).toBeNull();
  expect(signIn.data.session?.refresh_token).toBeTruthy();
});

test('the confirmation email is delivered over SMTP and its link confirms the address', async () => {
  const peer = await startSmtpPeer();
  const worker = startOutboxWorker({
    pool: auth.app.db,
    schema: 'auth',
    smtpUrl: peer.url,
    from: 'Tracemap <no-reply@example.test>',
    logger: auth.app.log,
    pollMs: 50,
  });
  try {
    const email = newEmail('smtp');
    expect((await auth.client().auth.signUp({ email, password: STRONG_PASSWORD })).error).toBeNull();
    await worker.drain();
    const message = await peer.waitForMessage((m) => m.to !== undefined && JSON.stringify(m.to).includes(email));
    const link = /https?:\/\/[^\s"<>]+\/auth\/v1\/verify\?[^\s"<>]+/
      .exec(message.text ?? '')![0]
      .replace(/&amp;/g, '&');
    const response = await fetch(link, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toContain('access_token=');
    const { rows } = await auth.app.db.query('SELECT email_confirmed_at FROM auth.users WHERE email = $1', [email]);
    expect(rows[0].email_confirmed_at).not.toBeNull();
  } finally {
    await worker.stop();
    await peer.stop();
  }
});

test('sign-up of a confirmed address answers an obfuscated user and notifies the owner only', async () => {
  const email = newEmail('taken');
  await auth.admin().auth.admin.createUser({ email, password: STRONG_PASSWORD, email_confirm: true });
  const fresh = await post('/signup', { email: newEmail('fresh'), password: STRONG_PASSWORD });
  const taken = await post('/signup', { email, password: 'another good passphrase 7' });
  expect(taken.status).toBe(fresh.status);
  const takenBody = await taken.json();
  const freshBody = await fresh.json();
  expect(
    Object.keys(takenBody)
      .filter((k) => k !== 'identities' && k !== 'user_metadata')
      .sort(),
  ).toEqual(
    Object.keys(freshBody)
      .filter((k) => !['identities', 'user_metadata', 'confirmation_sent_at'].includes(k))
      .concat('confirmation_sent_at')
      .sort(),
  );
  expect(takenBody.identities).toEqual([]);
  const { rows } = await auth.app.db.query('SELECT id FROM auth.users WHERE email = $1', [email]);
  expect(takenBody.id).not.toBe(rows[0].id);
  const mails = await auth.outbox(email);
  expect(mails.map((m) => m.template)).toEqual(['already-registered']);
  // The owner's password is untouched.
  expect((await auth.client().auth.signInWithPassword({ email, password: STRONG_PASSWORD })).error).toBeNull();
});

test('text PostgreSQL cannot store is refused at validation: 400, nothing created, nothing sent', async () => {
  const users = await auth.count('users');
  const outbox = await auth.count('outbox');
  const client = auth.client();
  for (const [email, data, field] of [
    [`nul\u0000${newEmail()}`, {}, 'email'],
    [`half\ud800${newEmail()}`, {}, 'email'],
    [newEmail(), { first_name: 'Ada\u0000' }, 'data.first_name'],
  ] as Array<[string, Record<string, string>, string]>) {
    const { data: answer, error } = await client.auth.signUp({ email, password: STRONG_PASSWORD, options: { data } });
    expect(answer.user).toBeNull();
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_text',
      message: `${field} contains a character that is not allowed`,
    });
  }
  expect(await auth.count('users')).toBe(users);
  expect(await auth.count('outbox')).toBe(outbox);
});

test('names given at sign-up refuse control and text-direction characters: 400, nothing created, nothing sent', async () => {
  const users = await auth.count('users');
  const outbox = await auth.count('outbox');
  const client = auth.client();
  for (const [data, field] of [
    [{ first_name: 'Ada\u202Egnp', last_name: 'Lovelace' }, 'data.first_name'],
    [{ first_name: 'Ada', last_name: 'Love\nlace' }, 'data.last_name'],
  ] as Array<[Record<string, string>, string]>) {
    const { data: answer, error } = await client.auth.signUp({
      email: newEmail('names'),
      password: STRONG_PASSWORD,
      options: { data },
    });
    expect(answer.user).toBeNull();
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: `${field} contains characters that are not allowed in a name`,
    });
  }
  expect(await auth.count('users')).toBe(users);
  expect(await auth.count('outbox')).toBe(outbox);
  const accented = await client.auth.signUp({
    email: newEmail('names'),
    password: STRONG_PASSWORD,
    options: { data: { first_name: 'Zoë', last_name: "O'Brien-Łukasz" } },
  });
  expect(accented.error).toBeNull();
});

test('wrong password and unknown user get the same error', async () => {
  const email = newEmail('known');
  await auth.admin().auth.admin.createUser({ email, password: STRONG_PASSWORD, email_confirm: true });
  const wrong = await post('/token?grant_type=password', { email, password: 'not the password at all' });
  const unknown = await post('/token?grant_type=password', {
    email: newEmail('nobody'),
    password: 'not the password at all',
  });
  expect(wrong.status).toBe(400);
  expect(unknown.status).toBe(400);
  const wrongBody = await wrong.json();
  expect(wrongBody).toEqual(await unknown.json());
  expect(wrongBody).toEqual({
    code: 'invalid_credentials',
    error_code: 'invalid_credentials',
    msg: 'Invalid login credentials',
    message: 'Invalid login credentials',
  });
  expect(wrong.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  const viaClient = await auth.client().auth.signInWithPassword({ email, password: 'not the password at all' });
  expect(viaClient.error).toMatchObject({
    status: 400,
    code: 'invalid_credentials',
    message: 'Invalid login credentials',
  });
});

test('weak passwords: too short or common are refused with reasons; long ones are kept whole', async () => {
  const client = auth.client();
  const before = await auth.count('users');
  const short = await client.auth.signUp({ email: newEmail(), password: 'Zq9-xv-Tk' });
  expect(short.error).toMatchObject({ status: 422, code: 'weak_password' });
  expect((short.error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
  for (const common of ['password123', 'qwertyuiop', '1234567890', 'Password1234']) {
    const result = await client.auth.signUp({ email: newEmail(), password: common });
    expect(result.error).toMatchObject({ status: 422, code: 'weak_password' });
    expect((result.error as unknown as { reasons: string[] }).reasons).toContain('pwned');
  }
  expect(await auth.count('users')).toBe(before);

  const long = 'a'.repeat(40) + ' long passphrase with many words ' + 'z'.repeat(100);
  const email = newEmail('long');
  await auth.admin().auth.admin.createUser({ email, password: long, email_confirm: true });
  expect((await client.auth.signInWithPassword({ email, password: long })).error).toBeNull();
  // Nothing is truncated: a prefix of the password does not work.
  expect((await client.auth.signInWithPassword({ email, password: long.slice(0, 72) })).error).toMatchObject({
    code: 'invalid_credentials',
  });
  const { rows } = await auth.app.db.query('SELECT encrypted_password FROM auth.users WHERE email = $1', [email]);
  expect(rows[0].encrypted_password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
});

test('bad input on sign-up, sign-in, otp, recover and resend is refused clearly and changes nothing', async () => {
  const users = await auth.count('users');
  const outbox = await auth.count('outbox');
  const cases: Array<[string, unknown, string]> = [
    ['/signup', { password: STRONG_PASSWORD }, 'email required'],
    ['/signup', { email: newEmail(), password: STRONG_PASSWORD, role: 'service_role' }, 'Unknown field: role'],
    [
      '/signup',
      { email: 'not-an-email', password: STRONG_PASSWORD },
      'Unable to validate email address: invalid format',
    ],
    [
      '/signup',
      { email: newEmail(), password: STRONG_PASSWORD, code_challenge: 'abc' },
      'PKCE flow requires code_challenge_method and code_challenge',
    ],
    ['/token?grant_type=password', { email: newEmail() }, 'password required'],
    ['/token?grant_type=password', { email: newEmail(), password: 'x', extra: 1 }, 'Unknown field: extra'],
    ['/token?grant_type=refresh_token', {}, 'refresh_token required'],
    [
      '/token?grant_type=pkce',
      { auth_code: 'x', code_verifier: 'short' },
      'code_verifier: expected string length greater or equal to 43',
    ],
    ['/otp', { email: 'bad' }, 'Unable to validate email address: invalid format'],
    ['/recover', {}, 'email required'],
    ['/resend', { email: newEmail(), type: 'sms' }, 'type must be equal to constant'],
    ['/verify', { type: 'signup', email: newEmail() }, 'Verify requires either a token_hash, or an email and a token'],
    ['/verify', { type: 'bogus', token_hash: 'x' }, 'type must be equal to constant'],
  ];
  for (const [path, body, message] of cases) {
    const response = await post(path, body);
    const json = await response.json();
    expect([path, response.status, json.code]).toEqual([path, 400, 'validation_failed']);
    expect(json.msg).toContain(message);
  }
  const unsupported = await post('/token?grant_type=magic', {});
  expect(unsupported.status).toBe(400);
  expect((await unsupported.json()).code).toBe('unsupported_grant_type');
  const notJson = await fetch(`${auth.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: 'email=x',
  });
  expect(notJson.status).toBe(415);
  expect((await notJson.json()).code).toBe('unsupported_media_type');
  const broken = await post('/signup', '{"email":');
  expect(broken.status).toBe(400);
  expect(await auth.count('users')).toBe(users);
  expect(await auth.count('outbox')).toBe(outbox);
});

test('recover, resend and otp answer {} for unknown and known addresses alike', async () => {
  const known = newEmail('known');
  await auth.admin().auth.admin.createUser({ email: known, password: STRONG_PASSWORD, email_confirm: true });
  for (const email of [known, newEmail('unknown')]) {
    const recover = await post('/recover', { email });
    expect([recover.status, await recover.json()]).toEqual([200, {}]);
    const resend = await post('/resend', { email, type: 'signup' });
    expect([resend.status, await resend.json()]).toEqual([200, {}]);
  }
  expect((await auth.outbox(known)).map((m) => m.template)).toEqual(['reset-password']);
  const client = auth.client();
  const unknown = newEmail('otp');
  expect((await client.auth.signInWithOtp({ email: unknown, options: { shouldCreateUser: false } })).error).toBeNull();
  expect(await auth.count('users', 'email = $1', [unknown])).toBe(0);
  expect((await client.auth.signInWithOtp({ email: known })).error).toBeNull();
  const [magic] = await auth.outbox(known);
  const verified = await client.auth.verifyOtp({ email: known, token: magic.data.otp!, type: 'email' });
  expect(verified.error).toBeNull();
  expect(verified.data.session?.user.email).toBe(known);
});

test('settings, JWKS and CORS', async () => {
  const settings = await (await fetch(`${auth.url}/auth/v1/settings`)).json();
  expect(settings).toMatchObject({ external: { email: true }, disable_signup: false, mailer_autoconfirm: false });
  const jwks = await fetch(`${auth.url}/auth/v1/.well-known/jwks.json`);
  expect(jwks.headers.get('cache-control')).toBe('public, max-age=600');
  const body = await jwks.json();
  expect(body.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
  expect(body.keys[0].d).toBeUndefined();

  const preflight = await fetch(`${auth.url}/auth/v1/token?grant_type=password`, {
    method: 'OPTIONS',
    headers: {
      origin: auth.url,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'apikey,authorization,content-type,x-client-info,x-supabase-api-version',
    },
  });
  expect(preflight.status).toBeLessThan(300);
  expect(preflight.headers.get('access-control-allow-origin')).toBe(auth.url);
  expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
  expect(preflight.headers.get('access-control-allow-headers')).toContain('x-supabase-api-version');
  const foreign = await fetch(`${auth.url}/auth/v1/settings`, { headers: { origin: 'http://evil.example' } });
  expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  const exposed = await fetch(`${auth.url}/auth/v1/settings`, { headers: { origin: auth.url } });
  expect(exposed.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
});
