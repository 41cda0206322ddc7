import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateExampleTraffic } from '@tracemap/discovery';
import type { AmplitudeSandboxProject } from './amplitude-export-api';
import type { Ga4SandboxEvents } from './ga4-data-api';
import { createSandboxServiceAccount } from './ga4-token';
import { startAnalyticsSandbox, type AnalyticsSandbox } from './sandbox';

/** The local Amplitude project's keys: published, as they open nothing but generated data on this machine. */
export const LOCAL_AMPLITUDE_KEYS = { apiKey: 'sandbox-amplitude-api-key', secretKey: 'sandbox-amplitude-secret-key' };
/** The local GA4 property. */
export const LOCAL_GA4_PROPERTY = '100000001';
/** Parameters of the generated traffic registered as custom dimensions of the local property. */
const REGISTERED = ['page_type', 'promotion_name', 'payment_method'];
const SEED = 20_240_301;
const EVENTS = 5000;
const HOUR_MS = 3_600_000;

/** Generated records moved in time so the newest lands in the last complete hour before `now`. */
function recent<T>(records: T[], timeOf: (r: T) => number, now: number): { record: T; time: number }[] {
  const latest = Math.max(...records.map(timeOf));
  const shift = Math.floor(now / HOUR_MS) * HOUR_MS - 1 - latest;
  return records.map((record) => ({ record, time: timeOf(record) + shift }));
}

function amplitudeEvents(now: number): Record<string, unknown>[] {
  const records = [...generateExampleTraffic({ seed: SEED, events: EVENTS, format: 'amplitude-export' })] as Record<
    string,
    unknown
  >[];
  const timeOf = (r: Record<string, unknown>) => Date.parse(`${String(r.event_time).slice(0, 19).replace(' ', 'T')}Z`);
  return recent(records, timeOf, now).map(({ record, time }) => ({
    ...record,
    event_time: `${new Date(time).toISOString().replace('T', ' ').slice(0, 23)}000`,
  }));
}

interface Ga4Row {
  event_name: string;
  event_timestamp: string;
  event_params?: { key: string; value: { string_value?: string } }[];
}

function ga4Events(now: number): Ga4SandboxEvents[] {
  const records = [
    ...generateExampleTraffic({ seed: SEED, events: EVENTS, format: 'ga4-bigquery' }),
  ] as unknown as Ga4Row[];
  const counts = new Map<string, Ga4SandboxEvents>();
  for (const { record, time } of recent(records, (r) => Number(r.event_timestamp) / 1000, now)) {
    const params: Record<string, string> = {};
    for (const param of record.event_params ?? [])
      if (REGISTERED.includes(param.key) && typeof param.value.string_value === 'string')
        params[param.key] = param.value.string_value;
    const date = new Date(time).toISOString().slice(0, 10);
    const key = JSON.stringify([record.event_name, date, params]);
    const held = counts.get(key);
    if (held) held.count += 1;
    else counts.set(key, { name: record.event_name, date, count: 1, params });
  }
  return [...counts.values()];
}

/** The local stand-ins, with where the GA4 service account's key file was written. */
export type LocalAnalyticsSandbox = AnalyticsSandbox & { serviceAccountKeyFile: string };

/**
 * The stand-ins as `npm start` runs them when no vendor is configured: a GA4 property and an
 * Amplitude project holding the generated example traffic of the sample e-commerce plan,
 * recent enough for a first pull. The GA4 service account's key file is written to
 * `dataDir` (paste it into a new GA4 source); the Amplitude keys are `LOCAL_AMPLITUDE_KEYS`.
 */
export async function startLocalAnalyticsSandbox(options: {
  dataDir: string;
  host?: string;
  port?: number;
  now?: number;
}): Promise<LocalAnalyticsSandbox> {
  const now = options.now ?? Date.now();
  const sandbox = await startAnalyticsSandbox({ host: options.host, port: options.port });
  const { keyFile, account } = createSandboxServiceAccount({
    properties: [LOCAL_GA4_PROPERTY],
    tokenUri: sandbox.tokenUrl,
    clientEmail: 'discovery-reader@sandbox.iam.gserviceaccount.com',
  });
  sandbox.data.ga4.serviceAccounts.push(account);
  sandbox.data.ga4.properties[LOCAL_GA4_PROPERTY] = {
    customParameters: REGISTERED.map((name) => ({ name })),
    events: ga4Events(now),
  };
  const project: AmplitudeSandboxProject = { projectId: 100001, ...LOCAL_AMPLITUDE_KEYS, events: amplitudeEvents(now) };
  sandbox.data.amplitude.projects.push(project);
  await mkdir(options.dataDir, { recursive: true });
  const serviceAccountKeyFile = path.join(options.dataDir, 'ga4-service-account.json');
  await writeFile(serviceAccountKeyFile, keyFile, { mode: 0o600 });
  return Object.assign(sandbox, { serviceAccountKeyFile });
}
