import Fastify from 'fastify';
import { amplitudeExportApi, type AmplitudeSandboxProject } from './amplitude-export-api';
import { amplitudeSegmentationApi } from './amplitude-segmentation-api';
import { FaultQueue, type Fault, type Vendor } from './faults';
import { ga4DataApi, type Ga4SandboxProperty } from './ga4-data-api';
import { Ga4Tokens, type SandboxServiceAccount } from './ga4-token';

const REQUESTS_KEPT = 1000;

export interface AnalyticsSandboxData {
  ga4: {
    /** Service accounts whose signed assertions the token endpoint accepts. */
    serviceAccounts: SandboxServiceAccount[];
    /** By property id. */
    properties: Record<string, Ga4SandboxProperty>;
  };
  amplitude: { projects: AmplitudeSandboxProject[] };
}

export interface AnalyticsSandboxOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  data?: Partial<AnalyticsSandboxData>;
  /** The stand-ins' clock (token expiry, `today` in reports). */
  now?: () => number;
}

export interface AnalyticsSandbox {
  /** Where the stand-ins listen: the GA4 Data API's and Amplitude's base URL alike. */
  url: string;
  /** The OAuth token endpoint service accounts exchange their signed assertions at. */
  tokenUrl: string;
  /** What the stand-ins answer from; tests change it between requests. */
  data: AnalyticsSandboxData;
  /** The vendor's next answers are these failures, in order; normal answers resume after them. */
  failNext(vendor: Vendor, ...faults: Fault[]): void;
  /** The latest requests the stand-ins received (at most 1000), oldest first (method, path with query, JSON body). */
  requests: { vendor: Vendor | 'oauth'; method: string; url: string; body?: unknown }[];
  close(): Promise<void>;
}

/**
 * Local stand-ins of the GA4 Data API (with Google's OAuth token endpoint for service
 * accounts) and Amplitude's Export API and event segmentation, speaking their wire formats, for tests and for a
 * local run without vendor credentials.
 */
export async function startAnalyticsSandbox(options: AnalyticsSandboxOptions = {}): Promise<AnalyticsSandbox> {
  const now = options.now ?? Date.now;
  const data: AnalyticsSandboxData = {
    ga4: options.data?.ga4 ?? { serviceAccounts: [], properties: {} },
    amplitude: options.data?.amplitude ?? { projects: [] },
  };
  const faults = new FaultQueue();
  const requests: AnalyticsSandbox['requests'] = [];
  // A stand-in that stops does not wait for its clients' open connections (a pull may be cut off mid-download).
  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, new URLSearchParams(String(body))),
  );
  app.addHook('preHandler', async (request) => {
    const vendor = request.url.startsWith('/api/2/') ? 'amplitude' : request.url === '/token' ? 'oauth' : 'ga4';
    requests.push({
      vendor,
      method: request.method,
      url: request.url,
      body: vendor === 'ga4' ? request.body : undefined,
    });
    // Only the latest are kept: under `npm start` the stand-ins run as long as the stack.
    if (requests.length > REQUESTS_KEPT) requests.splice(0, requests.length - REQUESTS_KEPT);
  });

  const tokens = new Ga4Tokens(() => data.ga4.serviceAccounts, now);
  let tokenUrl = '';
  app.post('/token', async (request, reply) => {
    const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const answer = tokens.exchange(form, tokenUrl);
    return reply.code(answer.ok ? 200 : answer.status).send(answer.body);
  });
  ga4DataApi(app, { properties: () => data.ga4.properties, tokens, faults, now });
  amplitudeExportApi(app, { projects: () => data.amplitude.projects, faults });
  amplitudeSegmentationApi(app, { projects: () => data.amplitude.projects, faults });

  await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the analytics sandbox has no TCP address');
  const url = `http://${options.host ?? '127.0.0.1'}:${address.port}`;
  tokenUrl = `${url}/token`;
  return {
    url,
    tokenUrl,
    data,
    failNext: (vendor, ...list) => faults.push(vendor, list),
    requests,
    close: () => app.close(),
  };
}
