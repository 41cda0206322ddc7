import Fastify from 'fastify';
import { amplitudeApi, type AmplitudeSandboxState } from './amplitude-api';
import { FaultQueue, type Fault, type Vendor } from './faults';
import { mparticleApi, type MparticleSandboxState } from './mparticle-api';
import { rudderstackApi, type RudderstackSandboxState } from './rudderstack-api';
import { segmentApi, type SegmentSandboxState } from './segment-api';
import { readState, summary, writeState } from './state-file';

const REQUESTS_KEPT = 5000;

export interface DestinationsSandboxState {
  segment: SegmentSandboxState;
  amplitude: AmplitudeSandboxState;
  mparticle: MparticleSandboxState;
  rudderstack: RudderstackSandboxState;
}

/** The keys and ids of the local destinations: published, as they open nothing but this machine's stand-in. */
export const LOCAL_DESTINATIONS = {
  segment: { token: 'sandbox-segment-token', trackingPlanId: 'tp_sandbox' },
  amplitude: { apiKey: 'sandbox-amplitude-api-key', secretKey: 'sandbox-amplitude-secret-key' },
  mparticle: {
    clientId: 'sandbox-mparticle-client',
    clientSecret: 'sandbox-mparticle-secret',
    workspaceId: '10001',
    planId: 'tracemap_sandbox',
  },
  rudderstack: { token: 'sandbox-rudderstack-token', trackingPlanId: 'tp_sandbox' },
} as const;

export interface DestinationsSandboxOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The stand-in's clock (token expiry, rate windows). */
  now?: () => number;
  /** Segment rule reads a minute (200, as Segment). */
  segmentReadsPerMinute?: number;
  /** Amplitude's cost allowed an hour (7,200, as Amplitude; a read costs 1, a write 2). */
  amplitudeCostPerHour?: number;
  /** Where to keep what the destinations hold between runs (none: everything is forgotten on stop). */
  stateFile?: string;
}

export interface RecordedRequest {
  vendor: Vendor | 'oauth';
  method: string;
  url: string;
  status: number;
}

export interface DestinationsSandbox {
  /** The base URL of all four APIs (and of mParticle's token endpoint, `${url}/oauth/token`). */
  url: string;
  /** What each destination holds; tests read and arrange it. */
  state: DestinationsSandboxState;
  /** The vendor's next answers are these failures, in order. */
  failNext(vendor: Vendor, ...faults: Fault[]): void;
  /** `count` answers of 429 with `Retry-After` in a row. */
  storm(vendor: Vendor, count: number, retryAfterSeconds?: number): void;
  /** The latest requests (at most 5000), oldest first, with the status answered. */
  requests: RecordedRequest[];
  /** Calls that change something (not reads, not tokens), optionally of one vendor. */
  writes(vendor?: Vendor): RecordedRequest[];
  close(): Promise<void>;
}

export function emptyState(): DestinationsSandboxState {
  const l = LOCAL_DESTINATIONS;
  return {
    segment: { token: l.segment.token, trackingPlans: { [l.segment.trackingPlanId]: [] } },
    amplitude: { ...l.amplitude, events: [], eventProperties: [], userProperties: [], ingested: [] },
    mparticle: {
      clientId: l.mparticle.clientId,
      clientSecret: l.mparticle.clientSecret,
      plans: {
        [`${l.mparticle.workspaceId}/${l.mparticle.planId}`]: {
          data_plan_id: l.mparticle.planId,
          data_plan_name: 'Tracemap sandbox',
          data_plan_versions: [],
        },
      },
    },
    rudderstack: {
      token: l.rudderstack.token,
      events: [],
      properties: [],
      trackingPlans: { [l.rudderstack.trackingPlanId]: [] },
    },
  };
}

const vendorOf = (url: string): RecordedRequest['vendor'] =>
  url.startsWith('/tracking-plans')
    ? 'segment'
    : url.startsWith('/api/2/')
      ? 'amplitude'
      : url.startsWith('/platform/')
        ? 'mparticle'
        : url.startsWith('/v2/')
          ? 'rudderstack'
          : 'oauth';

/**
 * One local server standing in for the four destinations' APIs, each under its own path prefix
 * and with its own auth, error bodies and limits, for tests and for a local run without vendor keys.
 */
export async function startDestinationsSandbox(options: DestinationsSandboxOptions = {}): Promise<DestinationsSandbox> {
  const now = options.now ?? Date.now;
  const state = readState(options.stateFile) ?? emptyState();
  const faults = new FaultQueue();
  const requests: RecordedRequest[] = [];
  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 50 * 1024 * 1024 });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, new URLSearchParams(String(body))),
  );
  app.addHook('onResponse', async (request, reply) => {
    requests.push({
      vendor: vendorOf(request.url),
      method: request.method,
      url: request.url,
      status: reply.statusCode,
    });
    if (requests.length > REQUESTS_KEPT) requests.splice(0, requests.length - REQUESTS_KEPT);
    if (options.stateFile && request.method !== 'GET' && reply.statusCode < 300) writeState(options.stateFile, state);
  });
  // What arrived, for a person looking after a push (not part of any vendor's API).
  app.get('/_sandbox/state', async () => state);
  app.get('/_sandbox', async () => summary(state));
  segmentApi(app, { state: () => state.segment, faults, now, readsPerMinute: options.segmentReadsPerMinute ?? 200 });
  amplitudeApi(app, { state: () => state.amplitude, faults, now, costPerHour: options.amplitudeCostPerHour ?? 7200 });
  mparticleApi(app, { state: () => state.mparticle, faults, now });
  rudderstackApi(app, { state: () => state.rudderstack, faults });

  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the destinations sandbox has no TCP address');
  return {
    url: `http://${host}:${address.port}`,
    state,
    failNext: (vendor, ...list) => faults.push(vendor, list),
    storm: (vendor, count, retryAfterSeconds = 2) =>
      faults.push(
        vendor,
        Array.from({ length: count }, () => ({ status: 429, retryAfterSeconds })),
      ),
    requests,
    writes: (vendor) =>
      requests.filter((r) => r.method !== 'GET' && r.vendor !== 'oauth' && (!vendor || r.vendor === vendor)),
    close: () => app.close(),
  };
}
