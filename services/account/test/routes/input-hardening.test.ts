import { decodeJwt } from 'jose';
import { bearer, signAsAuth, signedInUser, startStack, type Stack } from '../support/stack';

let stack: Stack;
let user: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  stack = await startStack();
  user = await signedInUser(stack, { firstName: 'Keep', lastName: 'Me' });
  await stack.account.app.inject({ url: '/api/account/sync', headers: bearer(user.token) });
});

afterAll(async () => {
  await stack?.stop();
});

const post = (url: string, payload: unknown, token?: string) =>
  stack.account.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: payload as object });
const profile = async () =>
  (await stack.account.app.db.query('SELECT first_name, last_name FROM account.profiles WHERE user_id = $1', [user.id]))
    .rows[0];
const feedbackCount = async () =>
  (await stack.account.app.db.query('SELECT count(*)::int AS n FROM account.feedback')).rows[0].n as number;

describe('profile names', () => {
  test.each([
    [
      'a NUL character',
      { firstName: 'Ada\u0000', lastName: 'Byron' },
      'invalid_text',
      'firstName contains a character that is not allowed',
    ],
    [
      'a lone surrogate',
      { firstName: 'Ada', lastName: '\udfffByron' },
      'invalid_text',
      'lastName contains a character that is not allowed',
    ],
    [
      'a right-to-left override',
      { firstName: 'Ada\u202E', lastName: 'Byron' },
      'validation_failed',
      'firstName contains characters that are not allowed in a name',
    ],
    [
      'a newline',
      { firstName: 'Ada', lastName: 'Byron\nBcc: x' },
      'validation_failed',
      'lastName contains characters that are not allowed in a name',
    ],
  ])('%s → 400 saying why, the profile unchanged', async (_label, payload, code, message) => {
    const res = await post('/api/account/update-name', payload, user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, code, message });
    expect(await profile()).toEqual({ first_name: 'Keep', last_name: 'Me' });
  });

  test('names are not coerced from other types', async () => {
    for (const payload of [
      { firstName: ['Ada'], lastName: 'Byron' },
      { firstName: 'Ada', lastName: 7 },
    ]) {
      const res = await post('/api/account/update-name', payload, user.token);
      expect(res.statusCode).toBe(400);
      expect(await profile()).toEqual({ first_name: 'Keep', last_name: 'Me' });
    }
  });
});

describe('feedback text', () => {
  test.each([
    ['a NUL character', 'Great app\u0000'],
    ['a lone surrogate', 'Great \ud83d app'],
  ])('%s → 400, nothing stored', async (_label, text) => {
    const before = await feedbackCount();
    const res = await post('/api/support/feedback', { text }, user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'invalid_text',
      message: 'text contains a character that is not allowed',
    });
    expect(await feedbackCount()).toBe(before);
  });

  test('feedback with emoji and line breaks is fine (only names refuse controls)', async () => {
    const res = await post('/api/support/feedback', { text: 'Line one\nLine two 👍' }, user.token);
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('bodies too deep or not UTF-8', () => {
  const raw = (url: string, payload: string | Buffer) =>
    stack.account.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
      payload,
    });
  const deep = (field: string) => `{"${field}":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
  const notUtf8 = (field: string) =>
    Buffer.concat([Buffer.from(`{"lastName":"Byron","${field}":"Ada `), Buffer.from([0xff]), Buffer.from('"}')]);
  const bugCount = async () =>
    (await stack.account.app.db.query('SELECT count(*)::int AS n FROM account.bug_reports')).rows[0].n as number;

  test.each([
    ['/api/account/update-name', 'firstName'],
    ['/api/support/feedback', 'text'],
    ['/api/support/bug-report', 'description'],
  ])(
    '%s: a 10,000-deep body → 400 body_too_deep, bytes that are not UTF-8 → 400 invalid_text, nothing written',
    async (url, field) => {
      const before = { feedback: await feedbackCount(), bugs: await bugCount() };
      const tooDeep = await raw(url, deep(field));
      expect(tooDeep.statusCode).toBe(400);
      expect(tooDeep.json()).toEqual({
        statusCode: 400,
        code: 'body_too_deep',
        message: 'The request body is nested too deeply (more than 64 levels).',
      });
      const badBytes = await raw(url, notUtf8(field));
      expect(badBytes.statusCode).toBe(400);
      expect(badBytes.json()).toEqual({
        statusCode: 400,
        code: 'invalid_text',
        message: 'body contains a character that is not allowed',
      });
      expect(await profile()).toEqual({ first_name: 'Keep', last_name: 'Me' });
      expect({ feedback: await feedbackCount(), bugs: await bugCount() }).toEqual(before);
    },
  );
});

describe('access token claims', () => {
  test.each([
    ['the anon audience', { aud: 'anon' }],
    ['no expiry', { exp: undefined }],
    ['no issued-at', { iat: undefined }],
    ['no subject', { sub: undefined }],
    ['no session id', { session_id: undefined }],
  ] as Array<[string, Record<string, unknown>]>)(
    'a token signed with the real auth key but with %s is refused with 401',
    async (_label, change) => {
      const claims: Record<string, unknown> = { ...decodeJwt(user.token), ...change };
      for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name];
      const forged = await signAsAuth(stack, claims);
      // The genuine token, re-signed unchanged, is accepted: only the claim makes the difference.
      expect(
        (
          await stack.account.app.inject({
            url: '/api/account/sync',
            headers: bearer(await signAsAuth(stack, decodeJwt(user.token))),
          })
        ).statusCode,
      ).toBe(200);
      const res = await stack.account.app.inject({ url: '/api/account/sync', headers: bearer(forged) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401 });
    },
  );
});
