import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, waitFor, type TestDatabase } from '@tracemap/test-kit';
import pg from 'pg';
import { startStack, type ServiceName, type Stack } from '../src/stack';
import { createConfirmedUser, signIn } from '../src/test-users';

/**
 * Two replicas of every service behind the gateway, on one PostgreSQL. A change made on one
 * replica is seen by the other within a second (each service's caches are dropped by the
 * database's announcements), and work both replicas' workers race for (the email outboxes, the
 * trial hand-over) is done once.
 */

const PASSWORD = 'replicas-test-password-1';
/** What "seen by the other replica" must take at most, measured from the change's answer. */
const SEEN_WITHIN_MS = 1000;

let stack: Stack;
let database: TestDatabase;
let db: pg.Pool;
const lines: string[] = [];

beforeAll(async () => {
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is needed: announcements need PostgreSQL');
  database = await createTestDatabase();
  db = new pg.Pool({ connectionString: database.url, max: 2 });
  stack = await startStack({
    port: 0,
    replicas: 2,
    databaseUrl: database.url,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'tracemap-replicas-')),
    // Request lines too: they show which replica did what.
    logLevel: 'info',
    log: (line) => lines.push(line),
    environment: {},
    env: {
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_EMAIL: '100000',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
}, 150_000);

afterAll(async () => {
  await stack?.stop();
  await db?.end();
  await database?.drop();
});

afterEach(() => {
  const failed = expect.getState().assertionCalls !== expect.getState().numPassingAsserts;
  if (failed)
    console.log(
      lines
        .filter((line) => !line.includes('"level":30'))
        .slice(-40)
        .join('\n'),
    );
});

/** A replica's own address (1 or 2): the calls that must land on that replica and no other. */
const replica = (service: ServiceName, n: 1 | 2) => stack.replicaUrls[service][n - 1];

async function call(
  base: string,
  token: string,
  method: string,
  apiPath: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${base}${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      apikey: stack.secrets.AUTH_PUBLIC_KEY,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(5000),
  });
  return { status: response.status, json: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

async function ok(base: string, token: string, method: string, apiPath: string, body?: unknown) {
  const answer = await call(base, token, method, apiPath, body);
  if (answer.status >= 300)
    throw new Error(`${method} ${apiPath} answered ${answer.status}: ${JSON.stringify(answer.json)}`);
  return answer.json;
}

/**
 * Polls the other replica until it shows the change; fails if that takes longer than a second
 * from `since` (when the change was answered). Returns how long it took.
 */
async function seenWithinOneSecond(what: string, since: number, check: () => Promise<boolean>): Promise<number> {
  await waitFor(check, { timeoutMs: SEEN_WITHIN_MS - (Date.now() - since), intervalMs: 10, message: what });
  const took = Date.now() - since;
  expect(took).toBeLessThanOrEqual(SEEN_WITHIN_MS);
  return took;
}

async function person(email: string) {
  const user = await createConfirmedUser(stack, email, PASSWORD, { first_name: 'Rep', last_name: 'Lica' });
  const session = await signIn(stack, email, PASSWORD);
  return { id: user.id, email, token: session.access_token };
}

test('every service runs twice, each replica listening for the announcements its caches depend on', async () => {
  for (const name of ['auth', 'account', 'company', 'subscription', 'insights', 'integrations'] as const) {
    expect(stack.replicaUrls[name]).toHaveLength(2);
    for (const n of [1, 2] as const) expect((await fetch(`${replica(name, n)}/ready`)).status).toBe(200);
  }
  // Each replica holds its own listening connection per channel: two per channel here.
  const listeners = await waitFor(
    async () => {
      const { rows } = await db.query<{ name: string; count: number }>(
        `SELECT application_name AS name, count(*)::int AS count FROM pg_stat_activity
          WHERE datname = current_database() AND application_name LIKE 'listen_%' GROUP BY 1`,
      );
      const counts = Object.fromEntries(rows.map((r) => [r.name, r.count]));
      return counts.listen_auth_session_events >= 4 ? counts : null;
    },
    { timeoutMs: 15_000, intervalMs: 100, message: 'the replicas listening' },
  );
  // Company, account, insights and integrations check sessions, two replicas each.
  expect(listeners.listen_auth_session_events).toBeGreaterThanOrEqual(8);
});

describe('a change on one replica is seen by the other within a second', () => {
  let owner: { id: string; email: string; token: string };
  let member: { id: string; email: string; token: string };
  let companyId: string;
  let invitationId: string;
  /** Company info as the owner reads it on company replica 2: its member list and their roles. */
  const membersOnSecond = async () => {
    const info = await ok(replica('company', 2), owner.token, 'POST', '/api/company/info', { companyId });
    return Object.fromEntries((info.users as Array<{ id: string; role: string }>).map((u) => [u.id, u.role]));
  };

  beforeAll(async () => {
    owner = await person('owner@replicas.test');
    member = await person('member@replicas.test');
    // Through the gateway, which takes turns among the company replicas.
    const created = await ok(stack.url, owner.token, 'POST', '/api/company/create', { name: 'Replicas' });
    companyId = (created.company as { id: string }).id;
    const invited = await ok(stack.url, owner.token, 'POST', '/api/company/invite', {
      companyId,
      email: member.email,
      firstName: 'Rep',
      lastName: 'Lica',
      role: 'admin',
    });
    invitationId = (invited.invitation as { invitationId: string }).invitationId;
  });

  test('a member who joins on company replica 1 is in company replica 2 member list', async () => {
    expect(Object.keys(await membersOnSecond())).toEqual([owner.id]);
    await ok(replica('company', 1), member.token, 'POST', '/api/company/accept-invite', {
      invitationId,
      email: member.email,
      firstName: 'Rep',
      lastName: 'Lica',
    });
    const since = Date.now();
    await seenWithinOneSecond('the new member on replica 2', since, async () => {
      return (await membersOnSecond())[member.id] === 'admin';
    });
  });

  test('a session signed out on auth replica 1 is refused by the second replica of each service', async () => {
    const session = await signIn(stack, member.email, PASSWORD);
    const reads: Array<[ServiceName, string, string, unknown?]> = [
      ['company', 'POST', '/api/company/info', { companyId }],
      ['account', 'GET', '/api/account/sync'],
    ];
    // Known active there first, so a cached answer would be the stale one.
    for (const [service, method, apiPath, body] of reads)
      expect((await call(replica(service, 2), session.access_token, method, apiPath, body)).status).toBe(200);

    // This session only: the member's other one goes on being used below.
    const out = await call(replica('auth', 1), session.access_token, 'POST', '/auth/v1/logout?scope=local');
    expect(out.status).toBe(204);
    const since = Date.now();
    for (const [service, method, apiPath, body] of reads)
      await seenWithinOneSecond(`${service} replica 2 refusing the ended session`, since, async () => {
        const answer = await call(replica(service, 2), session.access_token, method, apiPath, body);
        return answer.status === 401;
      });
  });

  test('a role changed on company replica 1 is what company replica 2 applies', async () => {
    const info = () => call(replica('company', 2), member.token, 'POST', '/api/company/info', { companyId });
    const invitations = () =>
      call(replica('company', 2), member.token, 'POST', '/api/company/get-invitations', { companyId });
    expect((await info()).json.role).toBe('admin');
    expect((await invitations()).status).toBe(200);
    expect((await membersOnSecond())[member.id]).toBe('admin');

    await ok(replica('company', 1), owner.token, 'PATCH', '/api/company/permissions', {
      companyId,
      userId: member.id,
      role: 'viewer',
    });
    const since = Date.now();
    await seenWithinOneSecond('the viewer role on replica 2', since, async () => (await info()).json.role === 'viewer');
    // And it is enforced there: an admin-only read is refused.
    await seenWithinOneSecond(
      'admin rights gone on replica 2',
      since,
      async () => (await invitations()).status === 403,
    );
    await seenWithinOneSecond('the new role in replica 2 member list', since, async () => {
      return (await membersOnSecond())[member.id] === 'viewer';
    });
  });

  test('a subscription cancelled on subscription replica 1 shows in company replica 2 info', async () => {
    const subscriptionOnSecond = async () => {
      const info = await ok(replica('company', 2), owner.token, 'POST', '/api/company/info', { companyId });
      return info.subscription as { status: string; cancelAtPeriodEnd: boolean } | null;
    };
    // The new company's trial is handed to billing in the background: there before anything is changed.
    await waitFor(async () => (await subscriptionOnSecond())?.status === 'trialing', {
      timeoutMs: 15_000,
      intervalMs: 50,
      message: 'the trial in company info',
    });
    expect((await subscriptionOnSecond())?.cancelAtPeriodEnd).toBe(false);

    await ok(replica('subscription', 1), owner.token, 'POST', '/api/subscription/cancel', { companyId });
    const since = Date.now();
    await seenWithinOneSecond('the cancellation on company replica 2', since, async () => {
      return (await subscriptionOnSecond())?.cancelAtPeriodEnd === true;
    });
  });

  test('a plan edit on company replica 1 is in company replica 2 answers', async () => {
    const listed = async () => {
      const page = await ok(replica('company', 2), owner.token, 'GET', `/api/company/${companyId}/events`);
      return (page.items as Array<{ name: string }>).map((e) => e.name);
    };
    // Read (and cached) on replica 2 before the change.
    expect(await listed()).not.toContain('order_completed');
    expect(await listed()).not.toContain('order_completed');

    await ok(replica('company', 1), owner.token, 'POST', `/api/company/${companyId}/events`, {
      name: 'order_completed',
    });
    const since = Date.now();
    await seenWithinOneSecond('the new event on replica 2', since, async () =>
      (await listed()).includes('order_completed'),
    );
  });
});

describe('work both replicas race for is done once', () => {
  test('each sign-up and invitation email is delivered once, and each new company gets one trial', async () => {
    const mailbox = stack.mailbox!;
    const signUps = Array.from({ length: 6 }, (_, i) => `signup-${i}@replicas.test`);
    const invitees = Array.from({ length: 6 }, (_, i) => `invitee-${i}@replicas.test`);
    // Through the gateway, in parallel: both replicas of auth and company take requests and queue emails.
    await Promise.all(
      signUps.map(async (email) => {
        const response = await fetch(`${stack.url}/auth/v1/signup`, {
          method: 'POST',
          headers: { apikey: stack.secrets.AUTH_PUBLIC_KEY, 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: PASSWORD }),
        });
        expect(response.status).toBe(200);
      }),
    );
    // One owner each: a person's free trial goes to their first company only.
    const owners = await Promise.all([0, 1, 2, 3].map((i) => person(`trial-owner-${i}@replicas.test`)));
    const companies = await Promise.all(
      owners.map(
        async (o, i) =>
          (
            (await ok(stack.url, o.token, 'POST', '/api/company/create', { name: `Raced ${i}` })).company as {
              id: string;
            }
          ).id,
      ),
    );
    await Promise.all(
      invitees.map((email, i) =>
        ok(stack.url, owners[i % owners.length].token, 'POST', '/api/company/invite', {
          companyId: companies[i % companies.length],
          email,
          firstName: 'In',
          lastName: 'Vitee',
          role: 'viewer',
        }),
      ),
    );

    // Every email row finished (none waiting, none in flight) in both services' outboxes …
    await waitFor(
      async () => {
        const { rows } = await db.query<{ open: number }>(
          `SELECT (SELECT count(*) FROM auth.outbox WHERE status <> 'sent')::int
                + (SELECT count(*) FROM company.outbox WHERE status <> 'sent')::int AS open`,
        );
        return rows[0].open === 0;
      },
      { timeoutMs: 30_000, intervalMs: 100, message: 'every email sent' },
    );
    // … and each address got its email exactly once: no second delivery, not even of the same message.
    for (const address of [...signUps, ...invitees])
      expect(mailbox.messages.filter((m) => m.to.includes(address))).toHaveLength(1);
    expect(mailbox.repeats()).toBe(0);

    // The trial hand-over: both company replicas' workers poll the same queue.
    await waitFor(
      async () => {
        const { rows } = await db.query<{ open: number }>(
          `SELECT count(*)::int AS open FROM company.trial_requests WHERE company_id = ANY($1) AND done_at IS NULL`,
          [companies],
        );
        return rows[0].open === 0;
      },
      { timeoutMs: 30_000, intervalMs: 100, message: 'every trial handed over' },
    );
    const { rows: attempts } = await db.query<{ attempts: number }>(
      `SELECT attempts FROM company.trial_requests WHERE company_id = ANY($1)`,
      [companies],
    );
    expect(attempts.map((r) => r.attempts)).toEqual(companies.map(() => 0));
    // Billing was asked once per company: one start-trial request reached a subscription replica.
    for (const companyId of companies) {
      const asked = lines.filter(
        (line) =>
          /^\[subscription(#2)?\]/.test(line) &&
          line.includes('incoming request') &&
          line.includes(`/internal/companies/${companyId}/start-trial`),
      );
      expect(asked).toHaveLength(1);
    }
  });
});
