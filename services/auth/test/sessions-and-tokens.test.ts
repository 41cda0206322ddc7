import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { service } from '../src/app';
import { ANON_KEY, newEmail, signedInUser, startAuth, type RunningAuth } from './helpers';

let auth: RunningAuth;
beforeAll(async () => {
  // Reuse detection is checked without waiting: a zero reuse interval.
  auth = await startAuth({ AUTH_REFRESH_REUSE_INTERVAL_SECONDS: '0' });
});
afterAll(async () => auth?.stop());

async function refresh(token: string) {
  const response = await fetch(`${auth.url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: ANON_KEY },
    body: JSON.stringify({ refresh_token: token }),
  });
  return { status: response.status, body: await response.json() };
}

async function getUserStatus(accessToken: string) {
  const response = await fetch(`${auth.url}/auth/v1/user`, {
    headers: { authorization: `Bearer ${accessToken}`, apikey: ANON_KEY },
  });
  return { status: response.status, body: await response.json() };
}

test('access tokens are ES256 with a kid, carry the contract claims and verify against the JWKS', async () => {
  const { session, user, client } = await signedInUser(auth);
  const header = decodeProtectedHeader(session.access_token);
  expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  expect(header.kid).toBeTruthy();
  const jwks = createRemoteJWKSet(new URL(`${auth.url}/auth/v1/.well-known/jwks.json`));
  const { payload } = await jwtVerify(session.access_token, jwks, {
    issuer: `${auth.url}/auth/v1`,
    audience: 'authenticated',
  });
  expect(payload).toMatchObject({
    sub: user.id,
    role: 'authenticated',
    aal: 'aal1',
    email: user.email,
    phone: '',
    is_anonymous: false,
    app_metadata: { provider: 'email', providers: ['email'] },
  });
  expect(payload.exp! - payload.iat!).toBe(600);
  expect((payload.amr as Array<{ method: string }>)[0].method).toBe('password');
  expect(session.expires_in).toBe(600);
  const claims = await client.auth.getClaims(session.access_token);
  expect(claims.error).toBeNull();
  expect(claims.data?.claims.session_id).toBe(payload.session_id);
});

test('refresh rotates; the parent of the active token gets the active one back', async () => {
  const { session } = await signedInUser(auth);
  const first = await refresh(session.refresh_token);
  expect(first.status).toBe(200);
  expect(first.body.refresh_token).not.toBe(session.refresh_token);
  expect(first.body.user.id).toBe(session.user.id);
  // The client missed the answer and retries with the parent: same active token, no new family member.
  const retry = await refresh(session.refresh_token);
  expect(retry.status).toBe(200);
  expect(retry.body.refresh_token).toBe(first.body.refresh_token);
  const next = await refresh(first.body.refresh_token);
  expect(next.status).toBe(200);
  expect(decodeJwt(next.body.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);
});

test('reusing an older revoked token revokes the whole family and refuses its access tokens at once', async () => {
  const { session, client } = await signedInUser(auth);
  const first = await refresh(session.refresh_token);
  const second = await refresh(first.body.refresh_token);
  expect(second.status).toBe(200);
  // The grandparent is not the parent of the active token: theft.
  const stolen = await refresh(session.refresh_token);
  expect(stolen).toEqual({
    status: 400,
    body: expect.objectContaining({ code: 'refresh_token_already_used', msg: 'Invalid Refresh Token: Already Used' }),
  });
  const legit = await refresh(second.body.refresh_token);
  expect(legit.status).toBe(400);
  expect(legit.body.code).toBe('refresh_token_not_found');
  const user = await getUserStatus(second.body.access_token);
  expect(user.status).toBe(403);
  expect(user.body.code).toBe('session_not_found');
  const viaClient = await client.auth.getUser(second.body.access_token);
  expect(viaClient.error?.name).toBe('AuthSessionMissingError');
});

test('unknown refresh tokens and expired sessions are refused with 4xx (never 5xx)', async () => {
  expect((await refresh('no-such-token')).body.code).toBe('refresh_token_not_found');
  const { session } = await signedInUser(auth);
  await auth.app.db.query(`UPDATE auth.sessions SET not_after = now() - interval '1 second' WHERE id = $1`, [
    decodeJwt(session.access_token).session_id,
  ]);
  const expired = await refresh(session.refresh_token);
  expect(expired.status).toBe(400);
  expect(expired.body.code).toBe('session_expired');
  expect((await getUserStatus(session.access_token)).status).toBe(403);
});

test('supabase-js refreshSession works end to end', async () => {
  const { client, session } = await signedInUser(auth);
  await client.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
  const { data, error } = await client.auth.refreshSession();
  expect(error).toBeNull();
  expect(data.session?.refresh_token).not.toBe(session.refresh_token);
});

test('/user errors: no token, the public key, a garbage token, a forged token', async () => {
  const none = await fetch(`${auth.url}/auth/v1/user`);
  expect([none.status, (await none.json()).code]).toEqual([401, 'no_authorization']);
  const anon = await getUserStatus(ANON_KEY);
  expect([anon.status, anon.body.code]).toEqual([401, 'no_authorization']);
  const garbage = await getUserStatus('abc.def.ghi');
  expect([garbage.status, garbage.body.code]).toEqual([403, 'bad_jwt']);
  const { session } = await signedInUser(auth);
  const [h, p] = session.access_token.split('.');
  const forged = JSON.parse(Buffer.from(p, 'base64url').toString());
  forged.sub = '00000000-0000-0000-0000-000000000000';
  const tampered = `${h}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${session.access_token.split('.')[2]}`;
  expect((await getUserStatus(tampered)).body.code).toBe('bad_jwt');
  const noneAlg = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
  expect((await getUserStatus(noneAlg)).body.code).toBe('bad_jwt');
});

test('logout scopes: local ends this session, others the rest, global all', async () => {
  const email = newEmail('logout');
  const a = await signedInUser(auth, email);
  const b = await signedInUser(auth, email, a.password).catch(async () => {
    const client = auth.client();
    const { data } = await client.auth.signInWithPassword({ email, password: a.password });
    return { client, session: data.session! };
  });
  const cClient = auth.client();
  const c = (await cClient.auth.signInWithPassword({ email, password: a.password })).data.session!;
  expect((await a.client.auth.signOut({ scope: 'others' })).error).toBeNull();
  expect((await getUserStatus(a.session.access_token)).status).toBe(200);
  expect((await getUserStatus(b.session.access_token)).status).toBe(403);
  expect((await getUserStatus(c.access_token)).status).toBe(403);
  const d = (await auth.client().auth.signInWithPassword({ email, password: a.password })).data.session!;
  expect((await a.client.auth.signOut({ scope: 'local' })).error).toBeNull();
  expect((await getUserStatus(a.session.access_token)).status).toBe(403);
  expect((await getUserStatus(d.access_token)).status).toBe(200);
  const eClient = auth.client();
  const e = (await eClient.auth.signInWithPassword({ email, password: a.password })).data.session!;
  expect((await eClient.auth.signOut()).error).toBeNull();
  expect((await getUserStatus(e.access_token)).status).toBe(403);
  expect((await getUserStatus(d.access_token)).status).toBe(403);
  const after = await fetch(`${auth.url}/auth/v1/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${d.access_token}` },
  });
  expect(after.status).toBe(403);
  const badScope = await fetch(`${auth.url}/auth/v1/logout?scope=everyone`, {
    method: 'POST',
    headers: { authorization: `Bearer ${e.access_token}` },
  });
  expect(badScope.status).toBe(400);
});

test('a restart keeps the signing key: tokens issued before stay valid', async () => {
  const { session } = await signedInUser(auth);
  const second = await service.build(auth.config);
  try {
    const response = await second.inject({
      url: '/auth/v1/user',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(service.depsOf(second).keys.kid).toBe(service.depsOf(auth.app).keys.kid);
    expect(await auth.count('signing_keys')).toBe(1);
  } finally {
    await second.close();
  }
});

test('internal endpoints need the service token and answer the agreed shapes', async () => {
  const { session, user } = await signedInUser(auth);
  const sessionId = decodeJwt(session.access_token).session_id as string;
  const denied = await fetch(`${auth.url}/internal/sessions/${sessionId}`);
  expect(denied.status).toBe(401);
  expect(await denied.json()).toMatchObject({ statusCode: 401, code: 'invalid_service_token' });
  const wrong = await fetch(`${auth.url}/internal/sessions/${sessionId}`, { headers: { 'x-service-token': 'nope' } });
  expect(wrong.status).toBe(401);
  const headers = { 'x-service-token': 'test-internal-token', 'content-type': 'application/json' };
  expect(await (await fetch(`${auth.url}/internal/sessions/${sessionId}`, { headers })).json()).toEqual({
    active: true,
    userId: user.id,
    requiredAal: 'aal1',
    expiresAt: expect.any(String),
  });
  const lookup = await fetch(`${auth.url}/internal/users/lookup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ids: [user.id, '00000000-0000-4000-8000-000000000000'] }),
  });
  expect((await lookup.json()).users).toEqual([
    { id: user.id, email: user.email, emailConfirmed: true, userMetadata: {} },
  ]);
  const byEmail = await fetch(`${auth.url}/internal/users/by-email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: user.email!.toUpperCase() }),
  });
  expect(await byEmail.json()).toEqual({ user: { id: user.id, email: user.email, emailConfirmed: true } });
  const badBody = await fetch(`${auth.url}/internal/users/lookup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ids: ['x'] }),
  });
  expect(badBody.status).toBe(400);
  await fetch(`${auth.url}/auth/v1/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  expect(await (await fetch(`${auth.url}/internal/sessions/${sessionId}`, { headers })).json()).toEqual({
    active: false,
    userId: null,
    requiredAal: 'aal1',
    expiresAt: null,
  });
});
