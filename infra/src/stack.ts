import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startDevMailbox, type DevMailbox } from './dev-mailbox';
import { freePort, startProcess, waitUntilReady, type ManagedProcess } from './processes';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const SERVICE_NAMES = ['auth', 'account', 'company', 'subscription'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number] | 'gateway';

export interface StackOptions {
  /** Gateway port; 0 picks a free one. Other ports are chosen freely unless fixed. */
  port?: number;
  /** Fixed ports for the services (local default 4001…4004); free ports otherwise. */
  servicePorts?: Partial<Record<ServiceName, number>>;
  /** PostgreSQL to use; the embedded PGlite (data under dataDir) when absent. */
  databaseUrl?: string;
  /** Where local data lives: embedded database, dev mailbox, local secrets. */
  dataDir: string;
  /** Real SMTP server; the dev mailbox when absent. */
  smtpUrl?: string;
  remotesFile?: string;
  publicUrl?: string;
  logLevel?: string;
  /** Extra environment for every service (e.g. lower rate limits in tests). */
  env?: Record<string, string>;
  log?: (line: string) => void;
  /** Restart a service when its source changes (development). */
  watch?: boolean;
}

export interface Stack {
  url: string;
  databaseUrl: string;
  mailbox: DevMailbox | null;
  secrets: LocalSecrets;
  urls: Record<ServiceName, string>;
  /** Stops one service (to see the rest keep working) … */
  stopService(name: ServiceName): Promise<void>;
  /** … and brings it back on the same port. */
  startService(name: ServiceName): Promise<void>;
  stop(): Promise<void>;
}

interface LocalSecrets {
  INTERNAL_SERVICE_TOKEN: string;
  AUTH_PUBLIC_KEY: string;
  AUTH_SERVICE_ROLE_KEY: string;
}

/** Local secrets are made once per data folder, so restarts keep sessions and keys. */
function localSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'local-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LocalSecrets;
  const secrets: LocalSecrets = {
    INTERNAL_SERVICE_TOKEN: randomBytes(32).toString('base64url'),
    AUTH_PUBLIC_KEY: `tm_public_${randomBytes(24).toString('base64url')}`,
    AUTH_SERVICE_ROLE_KEY: `tm_service_${randomBytes(32).toString('base64url')}`,
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

async function startEmbeddedDatabase(dataDir: string, log: (line: string) => void): Promise<{ url: string; process: ManagedProcess }> {
  const script = require.resolve('@tracemap/service-kit/bin/pglite-server.mjs');
  const port = await freePort();
  const dbDir = path.join(dataDir, 'pglite');
  mkdirSync(dbDir, { recursive: true });
  let announced: (value: void) => void;
  const ready = new Promise<void>((resolve) => (announced = resolve));
  const proc = startProcess('database', process.execPath, [script, dbDir, String(port)], {
    env: process.env,
    cwd: REPO_ROOT,
    onOutput: (line) => (line.startsWith('PGLITE_PORT=') ? announced() : log(`[database] ${line}`)),
  });
  await Promise.race([
    ready,
    proc.exited.then((code) => {
      throw new Error(`embedded database exited with code ${code}`);
    }),
  ]);
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`, process: proc };
}

/**
 * Starts the whole product: database (embedded by default), dev mailbox,
 * the four services and the gateway in front, and waits until each is ready.
 * Used by `npm start` and by the end-to-end tests.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? ((line: string) => console.log(line));
  mkdirSync(options.dataDir, { recursive: true });
  const secrets = localSecrets(options.dataDir);
  const owned: ManagedProcess[] = [];
  const running = new Map<ServiceName, ManagedProcess>();
  let mailbox: DevMailbox | null = null;
  try {
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      const db = await startEmbeddedDatabase(options.dataDir, log);
      owned.push(db.process);
      databaseUrl = db.url;
    }
    if (!options.smtpUrl) mailbox = await startDevMailbox({ dataDir: path.join(options.dataDir, 'mailbox') });

    const ports = {} as Record<ServiceName, number>;
    for (const name of [...SERVICE_NAMES, 'gateway'] as ServiceName[]) {
      const fixed = name === 'gateway' ? options.port : options.servicePorts?.[name];
      ports[name] = fixed && fixed > 0 ? fixed : await freePort();
    }
    const urls = Object.fromEntries(Object.entries(ports).map(([n, p]) => [n, `http://127.0.0.1:${p}`])) as Record<ServiceName, string>;
    const publicUrl = options.publicUrl ?? `http://localhost:${ports.gateway}`;
    const commonEnv: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: process.env.NODE_ENV === 'production' ? 'production' : 'development',
      LOG_LEVEL: options.logLevel ?? 'info',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: publicUrl,
      AUTH_URL: urls.auth,
      ACCOUNT_URL: urls.account,
      COMPANY_URL: urls.company,
      SUBSCRIPTION_URL: urls.subscription,
      SMTP_URL: options.smtpUrl ?? mailbox!.smtpUrl,
      MAIL_FROM: process.env.MAIL_FROM ?? 'Tracemap <no-reply@tracemap.local>',
      ADMIN_EMAILS: process.env.ADMIN_EMAILS ?? '',
      ...secrets,
      ...(options.env ?? {}),
    };

    const launch = async (name: ServiceName) => {
      const entry = path.join(REPO_ROOT, 'services', name, 'src', 'server.ts');
      const env: NodeJS.ProcessEnv = { ...commonEnv, PORT: String(ports[name]) };
      if (name === 'gateway') {
        env.FRONTEND_ROOT = REPO_ROOT;
        if (options.remotesFile) env.REMOTES_FILE = options.remotesFile;
        if (mailbox) env.DEV_MAILBOX_URL = mailbox.httpUrl;
      }
      const args = options.watch ? [require.resolve('tsx/cli'), 'watch', '--clear-screen=false', entry] : ['--import', 'tsx', entry];
      const proc = startProcess(name, process.execPath, args, {
        env,
        cwd: REPO_ROOT,
        onOutput: (line) => log(`[${name}] ${line}`),
      });
      running.set(name, proc);
      await waitUntilReady(`${urls[name]}/${name === 'gateway' ? 'health' : 'ready'}`, [proc]);
    };

    // Auth first: the others fetch its signing keys.
    await launch('auth');
    await Promise.all((['account', 'company', 'subscription'] as ServiceName[]).map(launch));
    await launch('gateway');

    const stack: Stack = {
      url: publicUrl,
      databaseUrl,
      mailbox,
      secrets,
      urls,
      async stopService(name) {
        await running.get(name)?.stop();
        running.delete(name);
      },
      async startService(name) {
        if (!running.has(name)) await launch(name);
      },
      async stop() {
        await running.get('gateway')?.stop();
        await Promise.all([...running.entries()].filter(([n]) => n !== 'gateway').map(([, p]) => p.stop()));
        running.clear();
        await mailbox?.stop();
        for (const proc of owned) await proc.stop();
      },
    };
    return stack;
  } catch (error) {
    await Promise.all([...running.values()].map((p) => p.stop()));
    for (const proc of owned) await proc.stop();
    await mailbox?.stop();
    throw error;
  }
}
