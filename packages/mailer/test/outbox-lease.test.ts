import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { createPool } from '@tracemap/service-kit';
import { createTestDatabase, startSmtpPeer, waitFor, type SmtpPeer, type TestDatabase } from '@tracemap/test-kit';
import type pg from 'pg';
import { enqueueEmail, migrateOutbox, startOutboxWorker, type OutboxWorker } from '../src';
import { claimDue, markSent } from '../src/outbox-repository';
import { captureLogger } from './helpers';

const SCHEMA = 'mail_lease';
const FROM = 'Tracemap <no-reply@tracemap.test>';

let database: TestDatabase;
let pool: pg.Pool;
let peer: SmtpPeer;
const workers: OutboxWorker[] = [];

function worker(overrides: Partial<Parameters<typeof startOutboxWorker>[0]> = {}) {
  const started = startOutboxWorker({
    pool,
    schema: SCHEMA,
    smtpUrl: peer.url,
    from: FROM,
    logger: captureLogger(),
    pollMs: 60000,
    ...overrides,
  });
  workers.push(started);
  return started;
}

async function row() {
  const { rows } = await pool.query(`SELECT *, now() AS db_now FROM ${SCHEMA}.outbox`);
  expect(rows).toHaveLength(1);
  return rows[0];
}

/**
 * An SMTP server that takes the message but answers only when released: a
 * send that stays in flight as long as the test wants.
 */
async function startSlowSmtp() {
  let inFlight = 0;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived: () => void = () => undefined;
  const firstArrival = new Promise<void>((resolve) => (arrived = resolve));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      inFlight += 1;
      arrived();
      stream.resume();
      stream.on('end', () => void released.then(() => callback()));
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    sends: () => inFlight,
    firstArrival,
    release,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool({ databaseUrl: database.url, schema: SCHEMA });
  await migrateOutbox(pool, SCHEMA);
});

beforeEach(async () => {
  peer = await startSmtpPeer();
  await pool.query(`DELETE FROM ${SCHEMA}.outbox`);
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await peer.stop();
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

test('a row claimed by a worker that died is delivered by another once the lease ends, and the dead claim cannot write it back', async () => {
  await enqueueEmail(pool, SCHEMA, { template: 'invitation', to: 'crash@example.com', data: { companyName: 'Acme' } });
  // The "crashed" worker: claimed, never finished, no heartbeat.
  const [abandoned] = await claimDue(pool, SCHEMA, 10, 300);
  expect(abandoned.status).toBe('sending');
  const other = worker({ leaseMs: 300, pollMs: 50 });
  // Not before the lease ends…
  await other.drain();
  expect((await row()).attempts).toBe(1);
  // …but right after it.
  const sent = await waitFor(
    async () => {
      const current = await row();
      return current.status === 'sent' && current;
    },
    { message: 'the abandoned email sent by the other worker' },
  );
  expect(sent.attempts).toBe(2);
  expect(peer.messages).toHaveLength(1);
  expect(peer.messages[0].messageId).toBe(`<${abandoned.id}@tracemap.test>`);
  // A late write under the old claim changes nothing.
  await markSent(pool, SCHEMA, abandoned, '<stale@tracemap.test>');
  expect((await row()).message_id).toBe(`<${abandoned.id}@tracemap.test>`);
});

test('a send that lasts longer than the lease keeps its row through the heartbeat and is sent once', async () => {
  const slow = await startSlowSmtp();
  try {
    await enqueueEmail(pool, SCHEMA, {
      template: 'invitation',
      to: 'slow@example.com',
      data: { companyName: 'Slow Co' },
    });
    const sender = worker({ smtpUrl: slow.url, leaseMs: 300, smtpTimeoutMs: 20000 });
    const sending = sender.drain();
    await slow.firstArrival;
    const claimed = await row();
    // A second worker polls all along, hoping to take the row over.
    worker({ smtpUrl: slow.url, leaseMs: 300, pollMs: 20 });
    // Wait until the first lease would have run out, twice over, while the send is still in flight.
    await waitFor(
      async () => {
        const current = await row();
        return (
          current.db_now.getTime() > claimed.locked_until.getTime() + 300 && current.locked_until > claimed.locked_until
        );
      },
      { message: 'the first lease running out twice over while its heartbeat extends it' },
    );
    const during = await row();
    expect(during).toMatchObject({ status: 'sending', attempts: 1, claim_token: claimed.claim_token });
    expect(slow.sends()).toBe(1);
    slow.release();
    await sending;
    expect(await row()).toMatchObject({ status: 'sent', attempts: 1 });
    expect(slow.sends()).toBe(1);
  } finally {
    slow.release();
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await slow.stop();
  }
});

test('an email held by a worker process killed mid-send is delivered by another worker within 30 s on the default lease', async () => {
  const slow = await startSlowSmtp();
  const script = path.join(__dirname, 'fixtures/run-worker.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, database.url, SCHEMA, slow.url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await enqueueEmail(pool, SCHEMA, {
      template: 'invitation',
      to: 'killed@example.com',
      data: { companyName: 'Kill Co' },
    });
    await slow.firstArrival;
    child.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();
    expect(await row()).toMatchObject({ status: 'sending', attempts: 1 });
    worker({ pollMs: 200 });
    const sent = await waitFor(
      async () => {
        const current = await row();
        return current.status === 'sent' && current;
      },
      { timeoutMs: 30000, message: "the killed worker's email sent by another worker" },
    );
    expect(sent.attempts).toBe(2);
    expect(peer.messages).toHaveLength(1);
    process.stdout.write(`outbox takeover after a killed worker: ${Date.now() - killedAt} ms\n`);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    slow.release();
    await slow.stop();
  }
});
