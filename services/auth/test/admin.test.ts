import { ANON_KEY, newEmail, startAuth, STRONG_PASSWORD, type RunningAuth } from './helpers';

let auth: RunningAuth;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(async () => auth?.stop());

test('admin.createUser with the service key; duplicates are email_exists', async () => {
  const admin = auth.admin().auth.admin;
  const email = newEmail('admin');
  const created = await admin.createUser({
    email,
    password: STRONG_PASSWORD,
    email_confirm: true,
    user_metadata: { first_name: 'Lin' },
    app_metadata: { anamap_admin: true },
  });
  expect(created.error).toBeNull();
  expect(created.data.user).toMatchObject({
    email,
    user_metadata: { first_name: 'Lin' },
    app_metadata: { provider: 'email', anamap_admin: true },
  });
  expect(created.data.user?.email_confirmed_at).toBeDefined();
  const duplicate = await admin.createUser({ email, password: STRONG_PASSWORD });
  expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists' });
  const weak = await admin.createUser({ email: newEmail(), password: 'password123' });
  expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
});

test('admin endpoints refuse the public key, user tokens and no token, and change nothing', async () => {
  const before = await auth.count('users');
  const asAnon = await auth.client().auth.admin.createUser({ email: newEmail(), password: STRONG_PASSWORD });
  expect(asAnon.error).toMatchObject({ status: 403, code: 'not_admin' });
  const email = newEmail('plain');
  await auth.admin().auth.admin.createUser({ email, password: STRONG_PASSWORD, email_confirm: true });
  const session = (await auth.client().auth.signInWithPassword({ email, password: STRONG_PASSWORD })).data.session!;
  const asUser = await fetch(`${auth.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.access_token}`, apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email: newEmail(), password: STRONG_PASSWORD }),
  });
  expect(asUser.status).toBe(403);
  const none = await fetch(`${auth.url}/auth/v1/invite`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: newEmail() }),
  });
  expect(none.status).toBe(401);
  expect(await auth.count('users')).toBe(before + 1);
});

test('generateLink: signup, magiclink and recovery links verify; nothing is emailed', async () => {
  const admin = auth.admin().auth.admin;
  const email = newEmail('link');
  const signup = await admin.generateLink({ type: 'signup', email, password: STRONG_PASSWORD });
  expect(signup.error).toBeNull();
  expect(signup.data.properties).toMatchObject({
    verification_type: 'signup',
    email_otp: expect.stringMatching(/^\d{6}$/),
  });
  expect(signup.data.user!.email).toBe(email);
  const follow = await fetch(signup.data.properties!.action_link, { redirect: 'manual' });
  expect(follow.headers.get('location')).toContain('access_token=');
  const magic = await admin.generateLink({ type: 'magiclink', email });
  const verified = await auth
    .client()
    .auth.verifyOtp({ token_hash: magic.data.properties!.hashed_token, type: 'magiclink' });
  expect(verified.error).toBeNull();
  expect(verified.data.session?.user.email).toBe(email);
  const unknown = await admin.generateLink({ type: 'recovery', email: newEmail('ghost') });
  expect(unknown.error).toMatchObject({ status: 404, code: 'user_not_found' });
  expect((await auth.outbox(email)).length).toBe(0);
});

test('inviteUserByEmail queues an invitation whose link signs the user in to set a first password', async () => {
  const admin = auth.admin().auth.admin;
  const email = newEmail('invitee');
  const invited = await admin.inviteUserByEmail(email, { data: { first_name: 'Ira' } });
  expect(invited.error).toBeNull();
  expect(invited.data.user?.invited_at).toBeDefined();
  const [mail] = await auth.outbox(email);
  expect(mail.template).toBe('invitation');
  const client = auth.client();
  const verified = await client.auth.verifyOtp({
    token_hash: new URL(mail.data.link!).searchParams.get('token')!,
    type: 'invite',
  });
  expect(verified.error).toBeNull();
  expect((await client.auth.updateUser({ password: STRONG_PASSWORD })).error).toBeNull();
  expect((await auth.client().auth.signInWithPassword({ email, password: STRONG_PASSWORD })).error).toBeNull();
  const again = await admin.inviteUserByEmail(email);
  expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
});

test('get, update, list and delete users by id', async () => {
  const admin = auth.admin().auth.admin;
  const email = newEmail('managed');
  const { data } = await admin.createUser({ email, password: STRONG_PASSWORD, email_confirm: true });
  const id = data.user!.id;
  expect((await admin.getUserById(id)).data.user?.email).toBe(email);
  const session = (await auth.client().auth.signInWithPassword({ email, password: STRONG_PASSWORD })).data.session!;
  const updated = await admin.updateUserById(id, {
    password: 'admin chosen passphrase 5',
    user_metadata: { plan: 'pro' },
  });
  expect(updated.error).toBeNull();
  expect(updated.data.user?.user_metadata).toEqual({ plan: 'pro' });
  // A password set by an admin ends the user's sessions.
  expect(
    (await fetch(`${auth.url}/auth/v1/user`, { headers: { authorization: `Bearer ${session.access_token}` } })).status,
  ).toBe(403);
  const list = await admin.listUsers();
  expect(list.error).toBeNull();
  expect(list.data.users.some((u) => u.id === id)).toBe(true);
  expect((await admin.deleteUser(id)).error).toBeNull();
  expect((await admin.getUserById(id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
  const badId = await fetch(`${auth.url}/auth/v1/admin/users/not-a-uuid`, {
    headers: { authorization: `Bearer ${auth.config.AUTH_SERVICE_ROLE_KEY}` },
  });
  expect(badId.status).toBe(400);
});
