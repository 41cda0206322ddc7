import { startSmtpPeer, type SmtpPeer } from '@tracemap/test-kit';
import { newEmail, startAuth, STRONG_PASSWORD, type RunningAuth } from './helpers';

let smtp: SmtpPeer;
let auth: RunningAuth;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  auth = await startAuth({ SMTP_URL: smtp.url, OUTBOX_WORKER: 'true' });
});
afterAll(async () => {
  await auth?.stop();
  await smtp?.stop();
});

test('a listening auth service runs its outbox and rate-limit sweeper as declared workers, named in /ready', async () => {
  const ready = await fetch(`${auth.url}/ready`);
  expect(ready.status).toBe(200);
  expect((await ready.json()).workers).toEqual([
    { name: 'outbox', state: 'running' },
    { name: 'rate-limit-sweeper', state: 'running' },
  ]);
});

test("an email queued by a sign-up is delivered by the kit's outbox worker", async () => {
  const email = newEmail('worker');
  const { error } = await auth.client().auth.signUp({ email, password: STRONG_PASSWORD });
  expect(error).toBeNull();
  const message = await smtp.waitForMessage((m) => (m.to && 'text' in m.to ? m.to.text : '') === email);
  expect(message.headers.get('x-tracemap-template')).toBe('confirm-email');
  expect((await auth.outbox(email)).map((m) => m.template)).toEqual(['confirm-email']);
});

test('OUTBOX_WORKER=false leaves the outbox off in this process', async () => {
  const quiet = await startAuth({ SMTP_URL: smtp.url, OUTBOX_WORKER: 'false' });
  try {
    expect((await (await fetch(`${quiet.url}/ready`)).json()).workers).toContainEqual({ name: 'outbox', state: 'off' });
  } finally {
    await quiet.stop();
  }
});
