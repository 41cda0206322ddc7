import { decodeJwt } from 'jose';
import { ANON_KEY, newEmail, signedInUser, startAuth, totpCode, type RunningAuth } from './helpers';

let auth: RunningAuth;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(async () => auth?.stop());

const NEW_PASSWORD = 'another long passphrase 2024';

test('updateUser merges metadata and refuses unknown fields', async () => {
  const { client } = await signedInUser(auth);
  const first = await client.auth.updateUser({ data: { first_name: 'Grace', team: 'x' } });
  expect(first.error).toBeNull();
  const second = await client.auth.updateUser({ data: { team: null, last_name: 'Hopper' } });
  expect(second.data.user?.user_metadata).toEqual({ first_name: 'Grace', last_name: 'Hopper' });
  const { data } = await client.auth.getSession();
  const raw = await fetch(`${auth.url}/auth/v1/user`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${data.session!.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ app_metadata: { role: 'admin' } }),
  });
  expect(raw.status).toBe(400);
  expect((await raw.json()).msg).toBe('Unknown field: app_metadata');
  expect((await client.auth.getUser()).data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
});

test('a password change needs the current password, ends the other sessions and notifies the owner', async () => {
  const { client, email, password } = await signedInUser(auth);
  const other = auth.client();
  const otherSession = (await other.auth.signInWithPassword({ email, password })).data.session!;
  const hashBefore = (await auth.app.db.query('SELECT encrypted_password FROM auth.users WHERE email = $1', [email]))
    .rows[0].encrypted_password;

  const missing = await client.auth.updateUser({ password: NEW_PASSWORD });
  expect(missing.error).toMatchObject({ status: 400, code: 'current_password_required' });
  const wrong = await client.auth.updateUser({
    password: NEW_PASSWORD,
    current_password: 'not my password at all',
  } as never);
  expect(wrong.error).toMatchObject({ status: 400, code: 'current_password_mismatch' });
  const weak = await client.auth.updateUser({ password: 'password123', current_password: password } as never);
  expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
  const same = await client.auth.updateUser({ password, current_password: password } as never);
  expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
  expect(
    (await auth.app.db.query('SELECT encrypted_password FROM auth.users WHERE email = $1', [email])).rows[0]
      .encrypted_password,
  ).toBe(hashBefore);
  expect((await auth.outbox(email)).length).toBe(0);

  const changed = await client.auth.updateUser({ password: NEW_PASSWORD, current_password: password } as never);
  expect(changed.error).toBeNull();
  expect((await client.auth.getUser()).error).toBeNull();
  const otherUser = await fetch(`${auth.url}/auth/v1/user`, {
    headers: { authorization: `Bearer ${otherSession.access_token}` },
  });
  expect(otherUser.status).toBe(403);
  expect((await otherUser.json()).code).toBe('session_not_found');
  expect((await auth.outbox(email)).map((m) => m.template)).toEqual(['password-changed']);
  expect((await auth.client().auth.signInWithPassword({ email, password: NEW_PASSWORD })).error).toBeNull();
});

test('email change is confirmed by the new address', async () => {
  const { client, email } = await signedInUser(auth);
  const next = newEmail('moved');
  const taken = (await signedInUser(auth)).email;
  expect((await client.auth.updateUser({ email: taken })).error).toMatchObject({ status: 422, code: 'email_exists' });
  const requested = await client.auth.updateUser({ email: next });
  expect(requested.error).toBeNull();
  expect(requested.data.user).toMatchObject({ email, new_email: next });
  const [mail] = await auth.outbox(next);
  expect(new URL(mail.data.link!).searchParams.get('type')).toBe('email_change');
  expect((await fetch(mail.data.link!, { redirect: 'manual' })).status).toBe(303);
  const { rows } = await auth.app.db.query('SELECT email, email_change FROM auth.users WHERE email = $1', [next]);
  expect(rows).toEqual([{ email: next, email_change: null }]);
});

test('TOTP MFA: enroll with a QR code, challenge, verify to aal2 in the same session; codes are single use', async () => {
  const { client, session } = await signedInUser(auth);
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
  expect(enrolled.error).toBeNull();
  const factor = enrolled.data!;
  expect(factor.type).toBe('totp');
  expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
  expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\//);
  const conflict = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
  expect(conflict.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });

  const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
  expect(challenge.error).toBeNull();
  expect(challenge.data!.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(290);
  const wrongCode = await client.auth.mfa.verify({
    factorId: factor.id,
    challengeId: challenge.data!.id,
    code: '000000' === totpCode(factor.totp.secret) ? '111111' : '000000',
  });
  expect(wrongCode.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
  const code = totpCode(factor.totp.secret);
  const verified = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code });
  expect(verified.error).toBeNull();
  const claims = decodeJwt(verified.data!.access_token);
  expect(claims.aal).toBe('aal2');
  expect(claims.session_id).toBe(decodeJwt(session.access_token).session_id);
  expect((claims.amr as Array<{ method: string }>).map((a) => a.method)).toEqual(['password', 'totp']);
  const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
  expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });

  // The same code cannot be used twice, even with a fresh challenge.
  const again = await client.auth.mfa.challenge({ factorId: factor.id });
  const reused = await client.auth.mfa.verify({ factorId: factor.id, challengeId: again.data!.id, code });
  expect(reused.error).toMatchObject({ code: 'mfa_verification_failed' });
  // An expired challenge is refused.
  await auth.app.db.query(`UPDATE auth.mfa_challenges SET created_at = now() - interval '301 seconds' WHERE id = $1`, [
    again.data!.id,
  ]);
  const late = await client.auth.mfa.verify({
    factorId: factor.id,
    challengeId: again.data!.id,
    code: totpCode(factor.totp.secret, Date.now() + 30_000),
  });
  expect(late.error).toMatchObject({ code: 'mfa_challenge_expired' });
});

test('with a verified factor an aal1 session cannot change the password or remove the factor', async () => {
  const { client, email, password } = await signedInUser(auth);
  const factor = (await client.auth.mfa.enroll({ factorType: 'totp' })).data!;
  await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totpCode(factor.totp.secret) });

  const aal1 = auth.client();
  await aal1.auth.signInWithPassword({ email, password });
  const levels = await aal1.auth.mfa.getAuthenticatorAssuranceLevel();
  expect(levels.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
  expect(
    (await aal1.auth.updateUser({ password: NEW_PASSWORD, current_password: password } as never)).error,
  ).toMatchObject({ status: 401, code: 'insufficient_aal' });
  expect((await aal1.auth.mfa.unenroll({ factorId: factor.id })).error).toMatchObject({
    status: 401,
    code: 'insufficient_aal',
  });
  expect(await auth.count('mfa_factors', 'id = $1', [factor.id])).toBe(1);

  const unenrolled = await client.auth.mfa.unenroll({ factorId: factor.id });
  expect(unenrolled.error).toBeNull();
  expect(unenrolled.data).toEqual({ id: factor.id });
  expect(await auth.count('mfa_factors', 'id = $1', [factor.id])).toBe(0);
});

test('MFA bad input: unknown factor, foreign factor, malformed code', async () => {
  const a = await signedInUser(auth);
  const b = await signedInUser(auth);
  const factor = (await a.client.auth.mfa.enroll({ factorType: 'totp' })).data!;
  expect((await b.client.auth.mfa.challenge({ factorId: factor.id })).error).toMatchObject({ status: 404 });
  const token = (await a.client.auth.getSession()).data.session!.access_token;
  const challenges = await auth.count('mfa_challenges');
  const malformed = await fetch(`${auth.url}/auth/v1/factors/${factor.id}/verify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', apikey: ANON_KEY },
    body: JSON.stringify({ challenge_id: '00000000-0000-4000-8000-000000000000', code: '12ab56' }),
  });
  expect(malformed.status).toBe(400);
  const notUuid = await fetch(`${auth.url}/auth/v1/factors/not-a-uuid/challenge`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(notUuid.status).toBe(400);
  const phone = await fetch(`${auth.url}/auth/v1/factors`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ factor_type: 'phone' }),
  });
  expect(phone.status).toBe(422);
  expect(await auth.count('mfa_challenges')).toBe(challenges);
});
