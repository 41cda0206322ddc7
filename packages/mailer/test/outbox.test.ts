import { createPool, withTransaction } from '@tracemap/service-kit';
import { createTestDatabase, startSmtpPeer, waitFor, type SmtpPeer, type TestDatabase } from '@tracemap/test-kit';
import type pg from 'pg';
import { enqueueEmail, listOutbox, migrateOutbox, retryDelayMs, startOutboxWorker, type OutboxWorker } from '../src';
import { captureLogger } from './helpers';

const SCHEMA = 'mail_test';
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

async function rows() {
  return (await pool.query(`SELECT * FROM ${SCHEMA}.outbox ORDER BY created_at, id`)).rows;
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

test('the outbox table is created in the target schema from the static SQL, once', async () => {
  const { rows: tables } = await pool.query(
    `SELECT table_schema FROM information_schema.tables WHERE table_name = 'outbox' ORDER BY table_schema`,
  );
  expect(tables.map((t) => t.table_schema)).toEqual([SCHEMA]);
  await migrateOutbox(pool, 'other_service');
  const { rows: after } = await pool.query(
    `SELECT table_schema FROM information_schema.tables WHERE table_name = 'outbox' ORDER BY table_schema`,
  );
  expect(after.map((t) => t.table_schema)).toEqual(['mail_test', 'other_service']);
  expect(await migrateOutbox(pool, SCHEMA)).toEqual([]);
  // Its own bookkeeping table, so a service's schema_migrations numbering is untouched.
  const { rows: bookkeeping } = await pool.query(`SELECT id, name FROM ${SCHEMA}.outbox_migrations ORDER BY id`);
  expect(bookkeeping).toEqual([
    { id: 1, name: 'create_outbox' },
    { id: 2, name: 'add_claim_token' },
  ]);
});

test('an email enqueued in a rolled-back transaction is never sent', async () => {
  await expect(
    withTransaction(pool, async (client) => {
      await enqueueEmail(client, SCHEMA, {
        template: 'confirm-email',
        to: 'ghost@example.com',
        data: { link: 'https://x.test/c' },
      });
      throw new Error('business change failed');
    }),
  ).rejects.toThrow('business change failed');
  const w = worker();
  await w.drain();
  expect(await rows()).toHaveLength(0);
  expect(peer.messages).toHaveLength(0);
});

test('a committed email arrives once at the SMTP peer with rendered content and a Message-ID from its row', async () => {
  const { id } = await withTransaction(pool, (client) =>
    enqueueEmail(client, SCHEMA, {
      template: 'reset-password',
      to: 'ada@example.com',
      data: { firstName: 'Ada', link: 'https://app.test/reset-password/abc' },
    }),
  );
  const w = worker();
  await w.drain();
  await w.drain();
  const message = await peer.waitForMessage((m) => m.subject === 'Reset your Tracemap password');
  expect(peer.messages).toHaveLength(1);
  expect(message.from?.value[0]).toMatchObject({ name: 'Tracemap', address: 'no-reply@tracemap.test' });
  expect(message.to && !Array.isArray(message.to) ? message.to.text : '').toBe('ada@example.com');
  expect(message.text).toContain('Hi Ada,');
  expect(message.text).toContain('https://app.test/reset-password/abc');
  expect(message.html).toContain('href="https://app.test/reset-password/abc"');
  expect(message.messageId).toBe(`<${id}@tracemap.test>`);
  const [row] = await rows();
  expect(row).toMatchObject({ status: 'sent', attempts: 1, message_id: `<${id}@tracemap.test>`, last_error: null });
  expect(row.sent_at).toBeInstanceOf(Date);
});

test('a repeated dedupe key inserts nothing and sends one email', async () => {
  const first = await enqueueEmail(pool, SCHEMA, {
    template: 'already-registered',
    to: 'a@example.com',
    dedupeKey: 'already:a@example.com:1',
  });
  const second = await enqueueEmail(pool, SCHEMA, {
    template: 'already-registered',
    to: 'a@example.com',
    dedupeKey: 'already:a@example.com:1',
  });
  expect(first.created).toBe(true);
  expect(second).toEqual({ id: null, created: false });
  await enqueueEmail(pool, SCHEMA, { template: 'already-registered', to: 'a@example.com' });
  await enqueueEmail(pool, SCHEMA, { template: 'already-registered', to: 'a@example.com' });
  expect(await rows()).toHaveLength(3);
  await worker().drain();
  expect(peer.messages).toHaveLength(3);
});

test('bad requests are refused before anything is written', async () => {
  await expect(enqueueEmail(pool, SCHEMA, { template: 'nope' as never, to: 'a@example.com' })).rejects.toThrow(
    /Unknown email template/,
  );
  await expect(enqueueEmail(pool, SCHEMA, { template: 'invitation', to: 'not-an-address' })).rejects.toThrow(
    /Not an email/,
  );
  await expect(enqueueEmail(pool, 'bad; drop', { template: 'invitation', to: 'a@example.com' })).rejects.toThrow(
    /identifier/,
  );
  expect(await rows()).toHaveLength(0);
});

test('with the SMTP peer down the email is retried with backoff and delivered once it is back', async () => {
  const port = peer.port;
  await peer.stop();
  const logger = captureLogger();
  const w = worker({ logger, retryBaseMs: 1000, smtpTimeoutMs: 2000, pollMs: 100 });
  await enqueueEmail(pool, SCHEMA, { template: 'password-changed', to: 'b@example.com', data: { firstName: 'Bo' } });
  await w.drain();
  const [failed] = (await pool.query(`SELECT *, next_attempt_at > now() AS backing_off FROM ${SCHEMA}.outbox`)).rows;
  expect(failed).toMatchObject({ status: 'pending', attempts: 1, backing_off: true, message_id: null });
  expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
  expect(logger.entries.some((e) => e.level === 'warn' && e.msg?.includes('will retry'))).toBe(true);
  // Not due yet: another round right away claims nothing.
  await w.drain();
  expect((await rows())[0].attempts).toBe(1);

  peer = await startSmtpPeer({ port });
  const message = await peer.waitForMessage((m) => m.subject === 'Your Tracemap password was changed', 15000);
  expect(message.text).toContain('Hi Bo,');
  const sent = await waitFor(
    async () => {
      const [row] = await rows();
      return row.status === 'sent' && row;
    },
    { message: 'the email sent once the mail server is back' },
  );
  expect(sent.attempts).toBe(2);
  expect(peer.messages).toHaveLength(1);
});

test('a row is given up as failed after the last attempt', async () => {
  const port = peer.port;
  await peer.stop();
  const logger = captureLogger();
  const w = worker({ logger, retryBaseMs: 20, maxAttempts: 3, pollMs: 20, smtpTimeoutMs: 2000 });
  await enqueueEmail(pool, SCHEMA, { template: 'confirm-email', to: 'c@example.com' });
  const failed = await waitFor(
    async () => {
      const [row] = await rows();
      return row.status === 'failed' && row;
    },
    { message: 'the email given up after its last attempt' },
  );
  expect(failed.attempts).toBe(3);
  expect(logger.entries.some((e) => e.level === 'error' && e.msg === 'email given up')).toBe(true);
  peer = await startSmtpPeer({ port });
  await w.drain();
  expect(peer.messages).toHaveLength(0);
});

test('backoff doubles per attempt up to its cap', () => {
  expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 1000, 5000))).toEqual([1000, 2000, 4000, 5000]);
});

test('two workers racing over the same outbox deliver each email once', async () => {
  const otherPool = createPool({ databaseUrl: database.url, schema: SCHEMA });
  try {
    for (let i = 0; i < 8; i += 1) {
      await enqueueEmail(pool, SCHEMA, {
        template: 'invitation',
        to: `user${i}@example.com`,
        data: { companyName: `Co ${i}` },
      });
    }
    const a = worker({ batchSize: 2 });
    const b = worker({ pool: otherPool, batchSize: 2 });
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    await waitFor(() => peer.messages.length >= 8, { message: 'eight emails delivered' });
    const ids = peer.messages.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(8);
    expect(peer.messages).toHaveLength(8);
    const all = await rows();
    expect(all.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  } finally {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await otherPool.end();
  }
});

test('without an SMTP URL emails stay readable in the outbox for the dev mailbox', async () => {
  await enqueueEmail(pool, SCHEMA, {
    template: 'confirm-email',
    to: 'dev@example.com',
    data: { link: 'https://app.test/confirm' },
  });
  await enqueueEmail(pool, SCHEMA, { template: 'invitation', to: 'other@example.com' });
  const w = worker({ smtpUrl: undefined });
  await w.drain();
  expect(peer.messages).toHaveLength(0);
  const listed = await listOutbox(pool, SCHEMA, { limit: 10, recipient: 'dev@example.com' });
  expect(listed).toHaveLength(1);
  expect(listed[0]).toMatchObject({
    to: 'dev@example.com',
    template: 'confirm-email',
    status: 'sent',
    subject: 'Confirm your email for Tracemap',
  });
  expect(listed[0].text).toContain('https://app.test/confirm');
  expect(await listOutbox(pool, SCHEMA, { limit: 1 })).toHaveLength(1);
});
