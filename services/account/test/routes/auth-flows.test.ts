import type { ParsedMail } from 'mailparser';
import { MESSAGES } from '@tracemap/contracts';
import { bearer, browserClient, PASSWORD, signedInUser, startStack, type Stack } from '../support/stack';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  stack.account.app.inject({ method: 'POST', url, headers, payload: payload as object });
const sync = (token: string) => stack.account.app.inject({ url: '/api/account/sync', headers: bearer(token) });
const to = (address: string) => (m: ParsedMail) =>
  !Array.isArray(m.to) && m.to?.value.some((v) => v.address === address) === true;

/** The one-time token in the link of the newest reset email to this address. */
async function resetTokenFromEmail(email: string, already: number): Promise<string> {
  const message = await stack.smtp.waitForMessage(
    (m) =>
      to(email)(m) &&
      m.subject === 'Reset your Tracemap password' &&
      stack.smtp.messages.filter(to(email)).indexOf(m) >= already,
  );
  const link = /https?:\/\/\S+/.exec(message.text ?? '')![0];
  // The email opens the product's reset page, /reset-password/{token}.
  const url = new URL(link);
  expect(url.pathname).toMatch(/^\/reset-password\/[^/]+$/);
  return decodeURIComponent(url.pathname.split('/').pop()!);
}

describe('POST /api/account/revoke-sessions', () => {
  test('ends every session of the user at once', async () => {
    const user = await signedInUser(stack);
    const other = browserClient(stack.auth.url);
    const second = await other.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    const otherToken = second.data.session!.access_token;
    expect((await sync(otherToken)).statusCode).toBe(200);

    const res = await post('/api/account/revoke-sessions', {}, bearer(user.token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revoked: true });
    for (const token of [user.token, otherToken]) {
      const after = await sync(token);
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe(MESSAGES.sessionExpired);
    }
    const refreshed = await other.auth.refreshSession({ refresh_token: second.data.session!.refresh_token });
    expect(refreshed.error).not.toBeNull();
  });

  test('without a body works too; unknown fields and anonymous callers are refused', async () => {
    const user = await signedInUser(stack);
    const unknown = await post('/api/account/revoke-sessions', { everywhere: true }, bearer(user.token));
    expect(unknown.statusCode).toBe(400);
    expect((await sync(user.token)).statusCode).toBe(200);
    expect((await post('/api/account/revoke-sessions', {})).statusCode).toBe(401);
    const noBody = await stack.account.app.inject({
      method: 'POST',
      url: '/api/account/revoke-sessions',
      headers: bearer(user.token),
    });
    expect(noBody.statusCode).toBe(200);
    expect((await sync(user.token)).statusCode).toBe(401);
  });
});

describe('POST /api/account/forgot-password and /reset-password', () => {
  test('same answer for known and unknown addresses; only the known one gets an email', async () => {
    const user = await signedInUser(stack);
    const known = await post('/api/account/forgot-password', { email: user.email.toUpperCase() });
    const unknown = await post('/api/account/forgot-password', { email: 'nobody.here@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await stack.smtp.waitForMessage((m) => to(user.email)(m) && m.subject === 'Reset your Tracemap password');
    expect(stack.smtp.messages.some(to('nobody.here@example.com'))).toBe(false);
  });

  test('bad input → 400 and no email', async () => {
    const before = stack.smtp.messages.length;
    for (const payload of [{}, { email: 'nope' }, { email: 'a@example.com', redirect: 'x' }]) {
      const res = await post('/api/account/forgot-password', payload);
      expect(res.statusCode).toBe(400);
    }
    expect((await post('/api/account/forgot-password', { email: 'nope' })).json().message).toBe(
      'A valid email address is required',
    );
    expect(stack.smtp.messages.length).toBe(before);
  });

  test('a reset with the emailed token sets the password, ends the sessions and clears the reset flag', async () => {
    const user = await signedInUser(stack);
    expect((await sync(user.token)).statusCode).toBe(200);
    await stack.account.app.db.query('UPDATE account.profiles SET password_reset_required = true WHERE user_id = $1', [
      user.id,
    ]);
    const already = stack.smtp.messages.filter(to(user.email)).length;
    await post('/api/account/forgot-password', { email: user.email });
    const token = await resetTokenFromEmail(user.email, already);

    const newPassword = 'a brand new passphrase 7';
    const res = await post('/api/account/reset-password', { token, newPassword });
    expect(res.statusCode).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');

    expect((await sync(user.token)).statusCode).toBe(401);
    const client = browserClient(stack.auth.url);
    expect((await client.auth.signInWithPassword({ email: user.email, password: PASSWORD })).error).not.toBeNull();
    const signedIn = await client.auth.signInWithPassword({ email: user.email, password: newPassword });
    expect(signedIn.error).toBeNull();
    const synced = await sync(signedIn.data.session!.access_token);
    expect(synced.statusCode).toBe(200);
    expect(synced.json().passwordResetRequired).toBe(false);

    // Single use: the same token again is refused with auth's own message.
    const again = await post('/api/account/reset-password', { token, newPassword: 'yet another passphrase 9' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/expired|invalid/i);
  });

  test('a password auth refuses → 400 with auth’s message; the password and token stay usable', async () => {
    const user = await signedInUser(stack);
    const already = stack.smtp.messages.filter(to(user.email)).length;
    await post('/api/account/forgot-password', { email: user.email });
    const token = await resetTokenFromEmail(user.email, already);
    const weak = await post('/api/account/reset-password', { token, newPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message.length).toBeGreaterThan(0);
    expect(
      (await browserClient(stack.auth.url).auth.signInWithPassword({ email: user.email, password: PASSWORD })).error,
    ).toBeNull();
  });

  test('bad reset input → 400, nothing changed', async () => {
    for (const [payload, message] of [
      [{ newPassword: 'x' }, 'token required'],
      [{ token: 'abc' }, 'newPassword required'],
      [
        { token: 'abc', newPassword: 'long enough password', logoutDevices: 'sometimes' },
        'logoutDevices must be boolean',
      ],
      [{ token: 'abc', newPassword: 'long enough password', email: 'x@y.z' }, 'Unknown field: email'],
    ] as const) {
      const res = await post('/api/account/reset-password', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const forged = await post('/api/account/reset-password', {
      token: 'not-a-real-token',
      newPassword: 'long enough password 1',
    });
    expect(forged.statusCode).toBe(400);
  });
});

describe('POST /api/account/already-registered', () => {
  test('emails a registered address once, and answers an unknown one the same way without email', async () => {
    const user = await signedInUser(stack, { firstName: 'Rosalind' });
    await post('/api/account/update-name', { firstName: 'Rosalind', lastName: 'Franklin' }, bearer(user.token));
    const known = await post('/api/account/already-registered', { email: user.email });
    const again = await post('/api/account/already-registered', { email: user.email });
    const unknown = await post('/api/account/already-registered', { email: 'stranger@example.com' });
    expect([known.statusCode, again.statusCode, unknown.statusCode]).toEqual([200, 200, 200]);
    expect(unknown.json()).toEqual(known.json());

    const message = await stack.smtp.waitForMessage(
      (m) => to(user.email)(m) && m.subject === 'You already have a Tracemap account',
    );
    expect(message.text).toContain('Hi Rosalind,');
    expect(message.text).toContain('http://localhost:8080/login');
    await stack.account.app.outbox.drain();
    expect(
      stack.smtp.messages.filter((m) => to(user.email)(m) && m.subject === 'You already have a Tracemap account'),
    ).toHaveLength(1);
    expect(stack.smtp.messages.some(to('stranger@example.com'))).toBe(false);
    const { rows } = await stack.account.app.db.query(
      `SELECT recipient FROM account.outbox WHERE template = 'already-registered'`,
    );
    expect(rows).toEqual([{ recipient: user.email }]);
  });

  test('bad input → 400 and nothing queued', async () => {
    const before = (await stack.account.app.db.query('SELECT count(*)::int AS n FROM account.outbox')).rows[0].n;
    for (const payload of [{}, { email: 'x' }, { email: 'a@example.com', name: 'x' }]) {
      expect((await post('/api/account/already-registered', payload)).statusCode).toBe(400);
    }
    expect((await stack.account.app.db.query('SELECT count(*)::int AS n FROM account.outbox')).rows[0].n).toBe(before);
  });
});
