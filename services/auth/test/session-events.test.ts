import pg from 'pg';
import { decodeJwt } from 'jose';
import { SESSION_EVENTS_CHANNEL } from '@tracemap/service-kit';
import { ANON_KEY, INTERNAL_TOKEN, signedInUser, startAuth, type RunningAuth } from './helpers';

// Other services drop a cached session the moment auth announces its end; the
// database announces it in the transaction that ends the session.
let auth: RunningAuth;
let listener: pg.Client;
const heard: string[] = [];
let onHeard: (() => void) | null = null;

beforeAll(async () => {
  auth = await startAuth();
  listener = new pg.Client({ connectionString: auth.database.url });
  await listener.connect();
  listener.on('notification', (message) => {
    heard.push(message.payload ?? '');
    onHeard?.();
  });
  await listener.query(`LISTEN ${SESSION_EVENTS_CHANNEL}`);
});
afterAll(async () => {
  await listener?.end();
  await auth?.stop();
});

/** Waits (at most 5 s) until a payload matching `expected` was heard. */
async function hear(expected: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!heard.includes(expected)) {
    if (Date.now() > deadline) throw new Error(`not announced: ${expected}; heard ${JSON.stringify(heard)}`);
    await new Promise<void>((resolve) => {
      onHeard = resolve;
      setTimeout(resolve, deadline - Date.now());
    });
  }
}

test('logging out announces the session it ended', async () => {
  const { session } = await signedInUser(auth);
  const sessionId = decodeJwt(session.access_token).session_id as string;
  const response = await fetch(`${auth.url}/auth/v1/logout?scope=local`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.access_token}`, apikey: ANON_KEY },
  });
  expect(response.status).toBe(204);
  await hear(`session:${sessionId}`);
});

test('deleting a user announces each of their sessions', async () => {
  const { session, user } = await signedInUser(auth);
  const sessionId = decodeJwt(session.access_token).session_id as string;
  const { error } = await auth.admin().auth.admin.deleteUser(user.id);
  expect(error).toBeNull();
  await hear(`session:${sessionId}`);
});

test('a service can ask for a probe on the channel', async () => {
  const response = await fetch(`${auth.url}/internal/session-events/probe`, {
    method: 'POST',
    headers: { 'x-service-token': INTERNAL_TOKEN, 'content-type': 'application/json' },
    body: JSON.stringify({ nonce: 'probe-nonce-1234' }),
  });
  expect(response.status).toBe(200);
  await hear('probe:probe-nonce-1234');
});
