import { INTERNAL_TOKEN, newEmail, signedInUser, startAuth, STRONG_PASSWORD, type RunningAuth } from './helpers';

let auth: RunningAuth;

beforeAll(async () => {
  auth = await startAuth();
});

afterAll(async () => {
  await auth?.stop();
});

const DEEP = `{"email":"x@example.test","data":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
const DEEP_ARRAYS = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const notUtf8 = (email: string) =>
  Buffer.concat([
    Buffer.from(`{"email":"${email}","password":"${STRONG_PASSWORD}","data":{"first_name":"Ada `),
    Buffer.from([0xff, 0xfe]),
    Buffer.from('"}}'),
  ]);

const tooDeep = {
  code: 'body_too_deep',
  error_code: 'body_too_deep',
  msg: 'The request body is nested too deeply (more than 64 levels).',
  message: 'The request body is nested too deeply (more than 64 levels).',
};
const invalidText = {
  code: 'invalid_text',
  error_code: 'invalid_text',
  msg: 'body contains a character that is not allowed',
  message: 'body contains a character that is not allowed',
};

const send = (method: 'POST' | 'PUT', url: string, payload: string | Buffer, token?: string) =>
  auth.app.inject({
    method,
    url,
    payload,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

test('sign-up and token refuse a 10,000-deep body with 400 in the GoTrue error shape, creating nothing', async () => {
  const users = await auth.count('users');
  const sessions = await auth.count('sessions');
  for (const payload of [DEEP, DEEP_ARRAYS]) {
    for (const url of ['/auth/v1/signup', '/auth/v1/token?grant_type=password']) {
      const response = await send('POST', url, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(tooDeep);
    }
  }
  expect(await auth.count('users')).toBe(users);
  expect(await auth.count('sessions')).toBe(sessions);
});

test('sign-up refuses bytes that are not UTF-8 with 400 invalid_text instead of storing replacement characters', async () => {
  const email = newEmail();
  const users = await auth.count('users');
  const outbox = await auth.count('outbox');
  const response = await send('POST', '/auth/v1/signup', notUtf8(email));
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual(invalidText);
  expect(await auth.count('users')).toBe(users);
  expect(await auth.count('outbox')).toBe(outbox);
});

test('a user update with a 10,000-deep body or bytes that are not UTF-8 gets 400 and leaves the user as it was', async () => {
  const { session, user } = await signedInUser(auth);
  const deep = await send('PUT', '/auth/v1/user', `{"data":${DEEP_ARRAYS}}`, session.access_token);
  expect(deep.statusCode).toBe(400);
  expect(deep.json()).toEqual(tooDeep);
  const bad = await send(
    'PUT',
    '/auth/v1/user',
    Buffer.concat([Buffer.from('{"data":{"first_name":"'), Buffer.from([0xc3]), Buffer.from('"}}')]),
    session.access_token,
  );
  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toEqual(invalidText);
  const { rows } = await auth.app.db.query('SELECT raw_user_meta_data AS data FROM auth.users WHERE id = $1', [
    user.id,
  ]);
  expect(rows[0].data).toEqual(user.user_metadata);
});

test('an empty body sent with the JSON content type is no body, in and out of the GoTrue routes', async () => {
  const { session } = await signedInUser(auth);
  const logout = await auth.app.inject({
    method: 'POST',
    url: '/auth/v1/logout',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
  });
  expect(logout.statusCode).toBe(204);
  const { user } = await signedInUser(auth);
  const end = await auth.app.inject({
    method: 'POST',
    url: `/internal/admin/users/${user.id}/sessions/end`,
    headers: { 'content-type': 'application/json', 'x-service-token': INTERNAL_TOKEN },
  });
  expect(end.statusCode).toBe(200);
});
