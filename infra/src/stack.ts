import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startLocalAnalyticsSandbox, type LocalAnalyticsSandbox } from '@tracemap/analytics-sandbox';
import type { DestinationsSandbox } from '@tracemap/destinations-sandbox';
import { startSlackSandbox, type SlackSandbox } from '@tracemap/slack-sandbox';
import { startDevMailbox, type DevMailbox } from './dev-mailbox';
import { localDestinationsEnv, startLocalDestinations } from './local-destinations';
import { freePort, startProcess, waitUntilReady, type ManagedProcess } from './processes';
import { settingsFrom } from './service-settings';
import { supervise, type RestartPolicy, type SupervisedProcess } from './supervisor';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const SERVICE_NAMES = ['auth', 'account', 'company', 'subscription', 'insights', 'integrations'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number] | 'gateway';

export interface StackOptions {
  /** Gateway port; 0 picks a free one. Other ports are chosen freely unless fixed. */
  port?: number;
  /** Fixed ports for the services (local default 4001…4005); free ports otherwise. */
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
  /**
   * Where each service's own settings come from (`process.env` by default):
   * every variable a service's config schema names reaches that service.
   * `NODE_ENV=production` here also leaves the dev mailbox out.
   */
  environment?: Record<string, string | undefined>;
  /** How services that die are brought back. */
  restartPolicy?: Partial<RestartPolicy>;
  /**
   * Keep a warm standby per service (its code loaded, waiting), so a service
   * that dies is back in well under a second instead of a cold start.
   * Costs one idle process per service; not with `watch`.
   */
  standby?: boolean;
  log?: (line: string) => void;
  /** Restart a service when its source changes (development). */
  watch?: boolean;
  /**
   * Processes per service (the gateway stays one), each on a port of its own; the gateway takes
   * turns among them and the services call each other's first replica. 1 by default; a number
   * for every service, or counts for some (e.g. `{ company: 2 }`).
   */
  replicas?: number | Partial<Record<Exclude<ServiceName, 'gateway'>, number>>;
}

export interface Stack {
  url: string;
  databaseUrl: string;
  mailbox: DevMailbox | null;
  /** The local stand-in of the destinations pushes go to (`/_sandbox` shows what arrived), when none is configured. */
  destinationsUrl: string | null;
  secrets: LocalSecrets;
  /** Each service's first replica. */
  urls: Record<ServiceName, string>;
  /** Every replica of each service, the first one first. */
  replicaUrls: Record<ServiceName, string[]>;
  /** The process running a replica of a service now (a new one after a restart); the first by default. */
  processOf(name: ServiceName, replica?: number): ManagedProcess | undefined;
  /** Stops one service, every replica of it (to see the rest keep working); it is not restarted … */
  stopService(name: ServiceName): Promise<void>;
  /** … and brings it back on the same port. */
  startService(name: ServiceName): Promise<void>;
  stop(): Promise<void>;
}

export interface LocalSecrets {
  INTERNAL_SERVICE_TOKEN: string;
  AUTH_PUBLIC_KEY: string;
  AUTH_SERVICE_ROLE_KEY: string;
  /** Signs the billing sandbox's webhooks; only the subscription service is given it. */
  SANDBOX_WEBHOOK_SECRET: string;
  /** The billing sandbox's API key; only the subscription service is given it. */
  SANDBOX_SECRET_KEY: string;
  /** Seals discovery sources' credentials at rest; only the insights service is given it. */
  INSIGHTS_SECRET_KEY: string;
  /** Seals Slack tokens at rest; only the integrations service is given it. */
  INTEGRATIONS_SECRET_KEY: string;
}

const SECRET_MAKERS: Record<keyof LocalSecrets, () => string> = {
  INTERNAL_SERVICE_TOKEN: () => randomBytes(32).toString('base64url'),
  AUTH_PUBLIC_KEY: () => `tm_public_${randomBytes(24).toString('base64url')}`,
  AUTH_SERVICE_ROLE_KEY: () => `tm_service_${randomBytes(32).toString('base64url')}`,
  SANDBOX_WEBHOOK_SECRET: () => `whsec_${randomBytes(32).toString('base64url')}`,
  SANDBOX_SECRET_KEY: () => `sk_test_${randomBytes(32).toString('base64url')}`,
  INSIGHTS_SECRET_KEY: () => randomBytes(32).toString('base64'),
  INTEGRATIONS_SECRET_KEY: () => randomBytes(32).toString('base64'),
};

/**
 * Local secrets are made once per data folder, so restarts keep sessions and keys. A folder
 * from before a secret existed gets just that one added; the others are kept as they are.
 */
export function localSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'local-secrets.json');
  const kept: Partial<Record<string, unknown>> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const secrets = {} as LocalSecrets;
  let added = false;
  for (const name of Object.keys(SECRET_MAKERS) as Array<keyof LocalSecrets>) {
    const value = kept[name];
    if (typeof value === 'string' && value) secrets[name] = value;
    else {
      secrets[name] = SECRET_MAKERS[name]();
      added = true;
    }
  }
  if (added) writeFileSync(file, JSON.stringify({ ...kept, ...secrets }, null, 2), { mode: 0o600 });
  return secrets;
}

async function startEmbeddedDatabase(
  dataDir: string,
  log: (line: string) => void,
): Promise<{ url: string; process: ManagedProcess }> {
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
 * Node flags of a compiled service, as its Kubernetes Deployment starts it: insights bounds its
 * heap so its memory stays near what it holds while it ingests (see "Memory" in its README).
 */
const COMPILED_NODE_FLAGS: Partial<Record<ServiceName, string[]>> = {
  insights: ['--max-old-space-size=192', '--max-semi-space-size=4'],
};

/** A compiled service's entry; missing means `npm run build` has not run since a checkout. */
export function compiledEntry(name: ServiceName): string {
  const entry = path.join(REPO_ROOT, 'services', name, 'dist', 'server.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` before a production start`);
  return entry;
}

/**
 * Starts the whole product: database (embedded by default), dev mailbox,
 * the five services and the gateway in front, and waits until each is ready.
 * Used by `npm start` and by the end-to-end tests.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? ((line: string) => console.log(line));
  const environment = options.environment ?? process.env;
  const production = environment.NODE_ENV === 'production';
  mkdirSync(options.dataDir, { recursive: true });
  const generated = localSecrets(options.dataDir);
  // Keys set in the environment win, for every service alike.
  const secrets: LocalSecrets = {
    INTERNAL_SERVICE_TOKEN: environment.INTERNAL_SERVICE_TOKEN || generated.INTERNAL_SERVICE_TOKEN,
    AUTH_PUBLIC_KEY: environment.AUTH_PUBLIC_KEY || generated.AUTH_PUBLIC_KEY,
    AUTH_SERVICE_ROLE_KEY: environment.AUTH_SERVICE_ROLE_KEY || generated.AUTH_SERVICE_ROLE_KEY,
    SANDBOX_WEBHOOK_SECRET: environment.SANDBOX_WEBHOOK_SECRET || generated.SANDBOX_WEBHOOK_SECRET,
    SANDBOX_SECRET_KEY: environment.SANDBOX_SECRET_KEY || generated.SANDBOX_SECRET_KEY,
    INSIGHTS_SECRET_KEY: environment.INSIGHTS_SECRET_KEY || generated.INSIGHTS_SECRET_KEY,
    INTEGRATIONS_SECRET_KEY: environment.INTEGRATIONS_SECRET_KEY || generated.INTEGRATIONS_SECRET_KEY,
  };
  const { SANDBOX_WEBHOOK_SECRET, SANDBOX_SECRET_KEY, INSIGHTS_SECRET_KEY, INTEGRATIONS_SECRET_KEY, ...sharedSecrets } =
    secrets;
  const owned: ManagedProcess[] = [];
  // By replica: `company`, then `company#2`…
  const running = new Map<string, SupervisedProcess>();
  const replicaCount = (name: ServiceName) => {
    const asked = options.replicas;
    if (name === 'gateway' || asked === undefined) return 1;
    return Math.max(1, typeof asked === 'number' ? asked : (asked[name] ?? 1));
  };
  const instance = (name: ServiceName, index: number) => (index === 0 ? name : `${name}#${index + 1}`);
  const indexes = (name: ServiceName) => Array.from({ length: replicaCount(name) }, (_, i) => i);
  let mailbox: DevMailbox | null = null;
  let analytics: LocalAnalyticsSandbox | null = null;
  let slack: SlackSandbox | null = null;
  let destinations: DestinationsSandbox | null = null;
  try {
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      const db = await startEmbeddedDatabase(options.dataDir, log);
      owned.push(db.process);
      databaseUrl = db.url;
    }
    // The dev mailbox is a local convenience: production never starts or routes it.
    if (!options.smtpUrl && !production)
      mailbox = await startDevMailbox({ dataDir: path.join(options.dataDir, 'mailbox') });
    if (!options.smtpUrl && production)
      log('[stack] NODE_ENV=production without SMTP_URL: emails stay in the outbox (admin email page), no dev mailbox');
    // Without GA4 or Amplitude addresses, insights pulls from local stand-ins holding example traffic.
    if (!production && !environment.GA4_DATA_API_URL && !environment.AMPLITUDE_API_URL) {
      analytics = await startLocalAnalyticsSandbox({ dataDir: path.join(options.dataDir, 'analytics-sandbox') });
      log(`[stack] GA4 and Amplitude stand-ins at ${analytics.url} (GA4 key file: ${analytics.serviceAccountKeyFile})`);
    }

    // Without a Slack app's credentials, integrations talks to a local Slack a newcomer can click through.
    if (!production && !environment.SLACK_CLIENT_ID) {
      // Kept in the data folder: a workspace installed in one run still answers in the next.
      slack = await startSlackSandbox({ stateFile: path.join(options.dataDir, 'slack-sandbox', 'state.json') });
      log(`[stack] local Slack at ${slack.url} (no SLACK_CLIENT_ID set)`);
    }

    destinations = await startLocalDestinations({ production, environment, dataDir: options.dataDir, log });

    const replicaPorts = {} as Record<ServiceName, number[]>;
    for (const name of [...SERVICE_NAMES, 'gateway'] as ServiceName[]) {
      const fixed = name === 'gateway' ? options.port : options.servicePorts?.[name];
      replicaPorts[name] = [];
      for (const index of indexes(name))
        replicaPorts[name].push(index === 0 && fixed && fixed > 0 ? fixed : await freePort());
    }
    const ports = Object.fromEntries(Object.entries(replicaPorts).map(([n, p]) => [n, p[0]])) as Record<
      ServiceName,
      number
    >;
    const replicaUrls = Object.fromEntries(
      Object.entries(replicaPorts).map(([n, p]) => [n, p.map((port) => `http://127.0.0.1:${port}`)]),
    ) as Record<ServiceName, string[]>;
    const urls = Object.fromEntries(Object.entries(replicaUrls).map(([n, u]) => [n, u[0]])) as Record<
      ServiceName,
      string
    >;
    const publicUrl = options.publicUrl ?? `http://localhost:${ports.gateway}`;
    const smtpUrl = options.smtpUrl ?? mailbox?.smtpUrl;
    // What the stack decides (addresses, ports, the database) always wins over the environment.
    const stackEnv: Record<string, string> = {
      NODE_ENV: production ? 'production' : 'development',
      LOG_LEVEL: options.logLevel ?? 'info',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: publicUrl,
      AUTH_URL: urls.auth,
      ACCOUNT_URL: urls.account,
      COMPANY_URL: urls.company,
      SUBSCRIPTION_URL: urls.subscription,
      INSIGHTS_URL: urls.insights,
      INTEGRATIONS_URL: urls.integrations,
      ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
    };
    const envFor = (name: ServiceName, index = 0): NodeJS.ProcessEnv => {
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        MAIL_FROM: 'Tracemap <no-reply@tracemap.local>',
        ADMIN_EMAILS: '',
        // The product runs with billing: plan edits need a running subscription, new companies
        // get a trial (the environment may turn it off).
        BILLING_ENFORCED: 'true',
        ...sharedSecrets,
        ...(name === 'subscription' ? { SANDBOX_WEBHOOK_SECRET, SANDBOX_SECRET_KEY } : {}),
        ...(name === 'insights' ? { INSIGHTS_SECRET_KEY } : {}),
        ...(name === 'integrations' ? { INTEGRATIONS_SECRET_KEY } : {}),
        ...settingsFrom(name, environment),
        ...(name === 'insights' && analytics
          ? {
              GA4_DATA_API_URL: analytics.url,
              GA4_TOKEN_URL: analytics.tokenUrl,
              AMPLITUDE_API_URL: analytics.url,
              AMPLITUDE_EU_API_URL: analytics.url,
            }
          : {}),
        ...(name === 'integrations' && slack
          ? {
              SLACK_CLIENT_ID: slack.clientId,
              SLACK_CLIENT_SECRET: slack.clientSecret,
              SLACK_API_URL: slack.apiUrl,
              SLACK_AUTHORIZE_URL: slack.authorizeUrl,
              SLACK_LOCAL: 'true',
            }
          : {}),
        ...(name === 'integrations' ? localDestinationsEnv(destinations) : {}),
        ...stackEnv,
        ...(options.env ?? {}),
        PORT: String(replicaPorts[name][index]),
      };
      if (!smtpUrl) delete env.SMTP_URL;
      if (name === 'gateway') {
        for (const service of SERVICE_NAMES) env[`${service.toUpperCase()}_URL`] = replicaUrls[service].join(',');
        env.FRONTEND_ROOT = environment.FRONTEND_ROOT || REPO_ROOT;
        if (options.remotesFile) env.REMOTES_FILE = options.remotesFile;
        if (mailbox) env.DEV_MAILBOX_URL = mailbox.httpUrl;
        else delete env.DEV_MAILBOX_URL;
      }
      return env;
    };

    // Production runs what was compiled (`npm run build`), with plain Node; development runs the sources.
    const compiled = production && !options.watch;
    const launch = async (name: ServiceName, index = 0) => {
      const id = instance(name, index);
      const entry = compiled ? compiledEntry(name) : path.join(REPO_ROOT, 'services', name, 'src', 'server.ts');
      const args = compiled
        ? [...(COMPILED_NODE_FLAGS[name] ?? []), entry]
        : options.watch
          ? [require.resolve('tsx/cli'), 'watch', '--clear-screen=false', entry]
          : ['--import', 'tsx', entry];
      const readyUrl = `${replicaUrls[name][index]}/${name === 'gateway' ? 'health' : 'ready'}`;
      const onOutput = (line: string) => log(`[${id}] ${line}`);
      const preload = ['app.ts', 'config.ts'].map((file) => path.join(REPO_ROOT, 'services', name, 'src', file));
      const standbyArgs = compiled
        ? [...(COMPILED_NODE_FLAGS[name] ?? []), path.join(REPO_ROOT, 'infra', 'bin', 'standby.cjs'), entry]
        : ['--import', 'tsx', path.join(__dirname, 'standby.ts'), entry, ...preload];
      const supervised = await supervise({
        name: id,
        start: () => startProcess(id, process.execPath, args, { env: envFor(name, index), cwd: REPO_ROOT, onOutput }),
        standby:
          options.standby && !options.watch
            ? {
                spawn: () =>
                  startProcess(id, process.execPath, standbyArgs, {
                    env: envFor(name, index),
                    cwd: REPO_ROOT,
                    onOutput,
                    stdin: true,
                  }),
                activate: (proc) => proc.child.stdin!.write('start\n'),
              }
            : undefined,
        // Polled often: while a service comes back, its routes answer 503.
        ready: (proc) => waitUntilReady(readyUrl, [proc], 60000, 50),
        log,
        policy: options.restartPolicy,
      });
      running.set(id, supervised);
    };
    const launchAll = (name: ServiceName) =>
      Promise.all(indexes(name).map((index) => (running.has(instance(name, index)) ? null : launch(name, index))));

    // Auth first: the others fetch its signing keys.
    await launchAll('auth');
    await Promise.all(
      (['account', 'company', 'subscription', 'insights', 'integrations'] as ServiceName[]).map(launchAll),
    );
    await launch('gateway');

    const stack: Stack = {
      url: publicUrl,
      databaseUrl,
      mailbox,
      destinationsUrl: destinations?.url ?? null,
      secrets,
      urls,
      replicaUrls,
      processOf(name, replica = 1) {
        return running.get(instance(name, replica - 1))?.current;
      },
      async stopService(name) {
        await Promise.all(
          indexes(name).map(async (index) => {
            await running.get(instance(name, index))?.stop();
            running.delete(instance(name, index));
          }),
        );
      },
      async startService(name) {
        await launchAll(name);
      },
      async stop() {
        await running.get('gateway')?.stop();
        await Promise.all([...running.entries()].filter(([n]) => n !== 'gateway').map(([, p]) => p.stop()));
        running.clear();
        await mailbox?.stop();
        await analytics?.close();
        await slack?.stop();
        await destinations?.close();
        for (const proc of owned) await proc.stop();
      },
    };
    return stack;
  } catch (error) {
    await Promise.all([...running.values()].map((p) => p.stop()));
    for (const proc of owned) await proc.stop();
    await mailbox?.stop();
    await analytics?.close();
    await slack?.stop();
    await destinations?.close();
    throw error;
  }
}
