import { MESSAGES } from '@tracemap/contracts';
import { bearer, signedInUser, startStack, type Stack } from '../support/stack';

let stack: Stack;
let adminUser: Awaited<ReturnType<typeof signedInUser>>;
const ADMIN_EMAIL = 'boss@tracemap.test';

beforeAll(async () => {
  stack = await startStack({ accountEnv: { ADMIN_EMAILS: ` ${ADMIN_EMAIL.toUpperCase()} , other@tracemap.test` } });
  adminUser = await signedInUser(stack, { email: ADMIN_EMAIL });
});

afterAll(async () => {
  await stack?.stop();
});

const post = (url: string, token: string | undefined, payload: unknown) =>
  stack.account.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: payload as object });
const sync = async (token: string) =>
  (await stack.account.app.inject({ url: '/api/account/sync', headers: bearer(token) })).json();
const profileRow = async (userId: string) =>
  (await stack.account.app.db.query('SELECT * FROM account.profiles WHERE user_id = $1', [userId])).rows[0];

describe('POST /api/account/update-name', () => {
  test('saves trimmed names', async () => {
    const user = await signedInUser(stack);
    const res = await post('/api/account/update-name', user.token, { firstName: ' Ada ', lastName: 'Byron ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ firstName: 'Ada', lastName: 'Byron' });
    expect(await sync(user.token)).toMatchObject({ firstName: 'Ada', lastName: 'Byron' });
  });

  test.each([
    [{ firstName: 'Ada' }],
    [{ lastName: 'Byron' }],
    [{ firstName: '   ', lastName: 'Byron' }],
    [{ firstName: 'Ada', lastName: '' }],
    [{}],
    [{ firstName: 'Ada', lastName: 'Byron', anamap_admin: true }],
  ])('%j → 400 "First name and last name are required", nothing changed', async (payload) => {
    const user = await signedInUser(stack, { firstName: 'Keep', lastName: 'Me' });
    await sync(user.token);
    const res = await post('/api/account/update-name', user.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, code: 'validation_failed', message: MESSAGES.nameRequired });
    expect(await profileRow(user.id)).toMatchObject({ first_name: 'Keep', last_name: 'Me', anamap_admin: false });
  });

  test('needs a logged-in user', async () => {
    const res = await post('/api/account/update-name', undefined, { firstName: 'A', lastName: 'B' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.notLoggedIn);
  });
});

describe('product admins', () => {
  test('ADMIN_EMAILS marks the user admin at sync', async () => {
    expect((await sync(adminUser.token)).anamap_admin).toBe(true);
    expect((await profileRow(adminUser.id)).anamap_admin).toBe(true);
  });

  test('a user cannot make themselves admin by any route', async () => {
    const user = await signedInUser(stack);
    await sync(user.token);
    const viaName = await post('/api/account/update-name', user.token, {
      firstName: 'A',
      lastName: 'B',
      anamap_admin: true,
    });
    expect(viaName.statusCode).toBe(400);
    const viaAdmins = await post('/api/account/admins', user.token, { userId: user.id, admin: true });
    expect(viaAdmins.statusCode).toBe(403);
    expect(viaAdmins.json().message).toBe('Only product administrators can do this.');
    const viaLead = await post('/api/account/lead', user.token, {
      leadData: { email: user.email },
      anamap_admin: true,
    });
    expect(viaLead.statusCode).toBe(400);
    expect((await sync(user.token)).anamap_admin).toBe(false);
  });

  test('an admin grants and removes the flag for someone else, never for themselves', async () => {
    const user = await signedInUser(stack);
    const granted = await post('/api/account/admins', adminUser.token, { userId: user.id, admin: true });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({ userId: user.id, anamap_admin: true });
    expect((await sync(user.token)).anamap_admin).toBe(true);

    const removed = await post('/api/account/admins', adminUser.token, { userId: user.id, admin: false });
    expect(removed.statusCode).toBe(200);
    expect((await sync(user.token)).anamap_admin).toBe(false);

    const self = await post('/api/account/admins', adminUser.token, { userId: adminUser.id, admin: false });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot change your own administrator access.');
    expect((await profileRow(adminUser.id)).anamap_admin).toBe(true);
  });

  test('bad input and unknown users change nothing', async () => {
    const user = await signedInUser(stack);
    await sync(user.token);
    for (const [payload, message] of [
      [{ userId: user.id }, 'admin required'],
      [{ admin: true }, 'userId required'],
      [{ userId: 'nope', admin: true }, 'userId must match format "uuid"'],
      [{ userId: user.id, admin: true, role: 'owner' }, 'Unknown field: role'],
    ] as const) {
      const res = await post('/api/account/admins', adminUser.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const unknown = await post('/api/account/admins', adminUser.token, {
      userId: '99999999-9999-4999-8999-999999999999',
      admin: true,
    });
    expect(unknown.statusCode).toBe(404);
    expect(await profileRow('99999999-9999-4999-8999-999999999999')).toBeUndefined();
    expect((await profileRow(user.id)).anamap_admin).toBe(false);
  });
});

describe('POST /api/account/verify-email', () => {
  test('copies the confirmation state from auth into the profile', async () => {
    const user = await signedInUser(stack);
    await sync(user.token);
    // A profile that missed the confirmation (e.g. made before the code was verified).
    await stack.account.app.db.query('UPDATE account.profiles SET email_confirmed = false WHERE user_id = $1', [
      user.id,
    ]);
    const res = await post('/api/account/verify-email', user.token, { email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: user.email, emailConfirmed: true });
    expect((await profileRow(user.id)).email_confirmed).toBe(true);
    expect((await sync(user.token)).emailConfirmed).toBe(true);
  });

  test('another address or bad input → 400, nothing changed', async () => {
    const user = await signedInUser(stack);
    await sync(user.token);
    await stack.account.app.db.query('UPDATE account.profiles SET email_confirmed = false WHERE user_id = $1', [
      user.id,
    ]);
    const other = await post('/api/account/verify-email', user.token, { email: 'someone.else@example.com' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('This email does not belong to your account.');
    const bad = await post('/api/account/verify-email', user.token, { email: 'not an email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('A valid email address is required');
    expect((await profileRow(user.id)).email_confirmed).toBe(false);
    expect((await post('/api/account/verify-email', undefined, { email: user.email })).statusCode).toBe(401);
  });
});
