import { authInternalClient, type AuthInternalClient } from '@tracemap/contracts';
import { createInternalClient } from '@tracemap/service-kit';
import { INTERNAL_TOKEN, newEmail, signedInUser, startAuth, type RunningAuth } from './helpers';

// Every answer goes through the contracts' typed client, which checks it against the
// response schema callers rely on: a route drifting from its contract fails here.
let auth: RunningAuth;
let client: AuthInternalClient;

beforeAll(async () => {
  auth = await startAuth();
  client = authInternalClient(createInternalClient({ baseUrl: auth.url, serviceToken: INTERNAL_TOKEN }));
});
afterAll(async () => auth?.stop());

test('sessions, user lookups and the session-events probe answer within their contracts', async () => {
  const { session, user, email } = await signedInUser(auth);
  const sessionId = JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString()).session_id;
  expect(await client.sessionStatus(sessionId)).toMatchObject({ active: true, userId: user.id, requiredAal: 'aal1' });
  expect(await client.lookupUsers([user.id])).toEqual({
    users: [expect.objectContaining({ id: user.id, email, emailConfirmed: true })],
  });
  expect(await client.userByEmail(email.toUpperCase())).toEqual({ user: { id: user.id, email, emailConfirmed: true } });
  expect(await client.userByEmail(newEmail('nobody'))).toEqual({ user: null });
  expect(await client.probeSessionEvents('probe-nonce-1')).toEqual({ sent: true });
});

test("the admin area's routes answer within their contracts", async () => {
  const { user, email } = await signedInUser(auth);
  expect((await client.searchUsers(email, 5)).users).toEqual([
    expect.objectContaining({ id: user.id, email, invited: false }),
  ]);
  expect(await client.countUsers()).toEqual(
    expect.objectContaining({ total: expect.any(Number), dailySignups: expect.any(Array) }),
  );
  expect(await client.about()).toEqual({ version: null, uptimeSeconds: expect.any(Number) });
  expect(await client.endSessions(user.id)).toEqual({ ended: 1 });
  const invitee = newEmail('invitee');
  expect(await client.invite({ email: invitee, firstName: 'Ada' })).toEqual({ id: expect.any(String), email: invitee });
});
