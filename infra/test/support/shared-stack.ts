import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import type { MailboxMessage } from '../../src/dev-mailbox';
import { startStack, type LocalSecrets, type ServiceName, type Stack } from '../../src/stack';

/**
 * One jest run boots the whole product once for every browser suite on the default settings,
 * instead of once per suite: a fresh database, seven services and the built remotes cost far
 * more than the suites' own work. The stack belongs to the jest process (started lazily by a
 * small broker that the global setup opens), never to a suite, so no suite's module registry
 * or teardown reaches it, and a run without browser suites never boots it at all.
 */

/** The variable through which suites of one run find the broker. */
export const SHARED_STACK_BROKER = 'TRACEMAP_SHARED_STACK_BROKER';

/**
 * The shared stack serves every suite from one address within minutes, where each suite's own
 * stack used to count only that suite's sign-ins; none of these suites tests the per-address
 * limits (the ones that do start their own stack with their own limits).
 */
const SHARED_STACK_ENV: Record<string, string> = { AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_REFRESH: '5000' };

/** What a suite needs to reach the shared stack: plain data, so it crosses a process or a realm. */
interface SharedStackInfo {
  url: string;
  databaseUrl: string;
  secrets: LocalSecrets;
  urls: Record<ServiceName, string>;
  mailbox: { smtpUrl: string; httpUrl: string } | null;
  destinationsUrl: string | null;
}

/** Starts a stack of the suite's own, on a fresh database; its `stop` drops that database too. */
export async function startOwnStack(name: string, env?: Record<string, string>): Promise<Stack> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `tracemap-${name}-`));
  const database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  try {
    const stack = await startStack({
      port: 0,
      dataDir,
      databaseUrl: database?.url,
      logLevel: 'warn',
      log: () => undefined,
      env,
    });
    return {
      ...stack,
      async stop() {
        await stack.stop();
        await database?.drop();
      },
    };
  } catch (error) {
    await database?.drop();
    throw error;
  }
}

/**
 * The jest run's shared stack (the product on its default settings) for a suite that only reads
 * and adds its own rows; a stack of its own when the suite runs outside the configured jest run.
 */
export async function openDefaultStack(name: string): Promise<Stack> {
  const broker = process.env[SHARED_STACK_BROKER];
  return broker ? borrowSharedStack(broker) : startOwnStack(name);
}

export interface StackBroker {
  url: string;
  close(): Promise<void>;
}

function infoOf(stack: Stack): SharedStackInfo {
  const { url, databaseUrl, secrets, urls, mailbox, destinationsUrl } = stack;
  return {
    url,
    databaseUrl,
    secrets,
    urls,
    destinationsUrl,
    mailbox: mailbox && { smtpUrl: mailbox.smtpUrl, httpUrl: mailbox.httpUrl },
  };
}

/** Answers `POST /stack` with the shared stack's addresses, starting it on the first call. */
export async function startStackBroker(): Promise<StackBroker> {
  let database: TestDatabase | undefined;
  let dataDir: string | undefined;
  let starting: Promise<Stack> | undefined;
  const start = async (): Promise<Stack> => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracemap-shared-'));
    database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
    return startStack({
      port: 0,
      dataDir,
      databaseUrl: database?.url,
      logLevel: 'warn',
      log: () => undefined,
      env: SHARED_STACK_ENV,
    });
  };
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/stack') {
      response.writeHead(404).end();
      return;
    }
    starting ??= start();
    starting.then(
      (stack) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(infoOf(stack)));
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
      const stack = await starting?.catch(() => undefined);
      await stack?.stop();
      await database?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const refused = (what: string) =>
  new Error(
    `${what} would reach every suite on the shared stack; open the world with { ownStack: true } for a stack of its own`,
  );

/**
 * The shared stack as a suite sees it: its addresses and keys. What would disturb the other
 * suites (stopping or restarting services) or cannot cross the process (the mailbox's message
 * list: `mailTo` reads it over HTTP) is refused with a clear error.
 */
export async function borrowSharedStack(brokerUrl: string): Promise<Stack> {
  const response = await fetch(`${brokerUrl}/stack`, { method: 'POST' });
  if (!response.ok) throw new Error(`the shared stack did not start: ${await response.text()}`);
  const info = (await response.json()) as SharedStackInfo;
  return {
    url: info.url,
    databaseUrl: info.databaseUrl,
    secrets: info.secrets,
    urls: info.urls,
    destinationsUrl: info.destinationsUrl,
    // The shared stack runs one process per service.
    replicaUrls: Object.fromEntries(
      Object.entries(info.urls).map(([name, url]) => [name, [url]]),
    ) as Stack['replicaUrls'],
    mailbox: info.mailbox && {
      ...info.mailbox,
      get messages(): MailboxMessage[] {
        throw refused('Reading the mailbox in process');
      },
      repeats() {
        throw refused('Counting the mailbox repeats');
      },
      async stop() {},
    },
    processOf() {
      throw refused('Reaching a service process');
    },
    async stopService() {
      throw refused('Stopping a service');
    },
    async startService() {
      throw refused('Starting a service');
    },
    // The jest process stops it once every suite is done.
    async stop() {},
  };
}
