import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';

/** What a cache shows of itself: running totals, read at scrape time. */
export interface CacheCounts {
  readonly hits: number;
  readonly misses: number;
}

/** An outbox's state at a scrape: messages not yet delivered, and the wait of the oldest due one. */
export interface OutboxBacklog {
  waiting: number;
  oldestDueSeconds: number;
}

export interface GaugeDeclaration {
  name: string;
  help: string;
  labelNames?: string[];
  /** Called at each scrape; a cheap query at most, since Prometheus scrapes every few seconds. */
  collect(set: (value: number, labels?: Record<string, string>) => void): Promise<void> | void;
}

/**
 * How a service adds its own series beside the kit's: gauges sampled at scrape time
 * (backlogs, lags) and the hit/miss totals of its caches. Without a metrics port
 * the hook accepts them and does nothing.
 */
export interface MetricsHook {
  gauge(declaration: GaugeDeclaration): void;
  cache(name: string, counts: CacheCounts): void;
  /** An outbox's backlog and worker lag, read with one cheap query per scrape. */
  outbox(name: string, read: () => Promise<OutboxBacklog>): void;
}

export const noMetrics: MetricsHook = { gauge: () => undefined, cache: () => undefined, outbox: () => undefined };

// Latency buckets around what an API answer takes here: a few ms from memory, tens with
// the database, seconds only when something is wrong.
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * One service's series in a registry of its own (several services may share a process in
 * tests), each labelled with the service's name.
 */
export class ServiceMetrics implements MetricsHook {
  readonly registry = new client.Registry();
  private readonly cacheTotals = new Map<string, { counts: CacheCounts; seen: CacheCounts }>();
  private readonly outboxes = new Map<string, () => Promise<OutboxBacklog>>();
  /** The outboxes' readings of the scrape under way, shared by both of their gauges. */
  private backlogs: Promise<Map<string, OutboxBacklog>> | null = null;
  private readonly requests: client.Histogram<'method' | 'route' | 'status_class'>;
  private readonly serverErrors: client.Counter<'method' | 'route'>;

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    client.collectDefaultMetrics({ register: this.registry });
    this.requests = new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern and status class.',
      labelNames: ['method', 'route', 'status_class'],
      buckets: LATENCY_BUCKETS,
      registers: [this.registry],
    });
    this.serverErrors = new client.Counter({
      name: 'http_server_errors_total',
      help: 'Requests answered with a 5xx status, by route pattern.',
      labelNames: ['method', 'route'],
      registers: [this.registry],
    });
    const totals = this.cacheTotals;
    new client.Counter({
      name: 'cache_lookups_total',
      help: 'Cache lookups by cache and outcome (hit: answered from memory; miss: asked the source).',
      labelNames: ['cache', 'outcome'],
      registers: [this.registry],
      // The caches keep plain running totals (no cost per lookup beyond an increment);
      // the counter takes the difference since the last scrape.
      collect() {
        for (const [cache, entry] of totals) {
          const { hits, misses } = entry.counts;
          this.inc({ cache, outcome: 'hit' }, Math.max(0, hits - entry.seen.hits));
          this.inc({ cache, outcome: 'miss' }, Math.max(0, misses - entry.seen.misses));
          entry.seen = { hits, misses };
        }
      },
    });
  }

  /** Times every answer of the app by its route pattern, never its raw URL (ids would explode the series). */
  observe(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      this.requests.observe(
        { method: request.method, route, status_class: `${Math.floor(status / 100)}xx` },
        reply.elapsedTime / 1000,
      );
      if (status >= 500) this.serverErrors.inc({ method: request.method, route });
    });
  }

  gauge(declaration: GaugeDeclaration): void {
    const { collect } = declaration;
    new client.Gauge({
      name: declaration.name,
      help: declaration.help,
      labelNames: declaration.labelNames ?? [],
      registers: [this.registry],
      async collect() {
        await collect((value, labels) => (labels ? this.set(labels, value) : this.set(value)));
      },
    });
  }

  cache(name: string, counts: CacheCounts): void {
    this.cacheTotals.set(name, { counts, seen: { hits: 0, misses: 0 } });
  }

  outbox(name: string, read: () => Promise<OutboxBacklog>): void {
    if (this.outboxes.size === 0) {
      const each = async (set: (value: number, labels: Record<string, string>) => void, pick: keyof OutboxBacklog) => {
        for (const [outbox, backlog] of await this.readBacklogs()) set(backlog[pick], { outbox });
      };
      this.gauge({
        name: 'outbox_backlog',
        help: 'Outbox messages not yet delivered, by outbox.',
        labelNames: ['outbox'],
        collect: (set) => each(set, 'waiting'),
      });
      this.gauge({
        name: 'outbox_oldest_due_seconds',
        help: 'How long the oldest due outbox message has waited (0: none due): the lag of its worker.',
        labelNames: ['outbox'],
        collect: (set) => each(set, 'oldestDueSeconds'),
      });
    }
    this.outboxes.set(name, read);
  }

  private readBacklogs(): Promise<Map<string, OutboxBacklog>> {
    this.backlogs ??= Promise.all([...this.outboxes].map(async ([name, read]) => [name, await read()] as const)).then(
      (entries) => {
        setImmediate(() => (this.backlogs = null));
        return new Map(entries);
      },
      (error: unknown) => {
        this.backlogs = null;
        throw error;
      },
    );
    return this.backlogs;
  }
}

/** The internal `/metrics` listener, apart from the API port so it is never routed publicly. */
export async function serveMetrics(
  registry: client.Registry,
  host: string,
  port: number,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${error.message}\n`),
    );
  });
  // A scrape keeps its connection open between scrapes; closing must not wait for it.
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
