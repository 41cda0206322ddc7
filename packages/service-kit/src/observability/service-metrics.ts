import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { SessionStatusCache } from '../auth/session-status-cache';
import type { OutboxImplementation } from '../service/outbox';
import { noMetrics, serveMetrics, ServiceMetrics, type MetricsHook } from './metrics';

/** A service's metrics as its app carries them. */
export interface MetricsHandle extends MetricsHook {
  /** The port `/metrics` listens on once the app is ready; null without a metrics port. */
  readonly port: number | null;
  readonly registry: Registry | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: MetricsHandle;
  }
}

/** The service's metrics when METRICS_PORT is set; none (and no cost) otherwise. */
export function serviceMetrics(name: string, config: { METRICS_PORT?: number }): ServiceMetrics | null {
  return config.METRICS_PORT === undefined ? null : new ServiceMetrics(name);
}

/**
 * The series every service has beside its request timings (pool, session cache, email
 * outbox), the `metrics` decoration through which the service adds its own, and the
 * `/metrics` listener from ready to close.
 */
export function watchService(
  app: FastifyInstance,
  metrics: ServiceMetrics | null,
  options: {
    config: { HOST: string; METRICS_PORT?: number; METRICS_HOST?: string };
    outbox?: { implementation: OutboxImplementation; schema: string };
  },
): void {
  let port: number | null = null;
  app.decorate('metrics', {
    gauge: (metrics ?? noMetrics).gauge.bind(metrics ?? noMetrics),
    cache: (metrics ?? noMetrics).cache.bind(metrics ?? noMetrics),
    outbox: (metrics ?? noMetrics).outbox.bind(metrics ?? noMetrics),
    get port() {
      return port;
    },
    registry: metrics?.registry ?? null,
  });
  if (!metrics) return;
  if (app.hasDecorator('db')) {
    metrics.gauge({
      name: 'db_pool_connections',
      help: 'Connections of the service pool: total open, idle, and callers waiting for one.',
      labelNames: ['state'],
      collect(set) {
        set(app.db.totalCount, { state: 'total' });
        set(app.db.idleCount, { state: 'idle' });
        set(app.db.waitingCount, { state: 'waiting' });
      },
    });
  }
  const sessions = (app as { sessionCache?: SessionStatusCache | null }).sessionCache;
  if (sessions) metrics.cache('sessions', sessions.cache.counts);
  const outbox = options.outbox;
  const backlog = outbox?.implementation.backlog;
  if (outbox && backlog) metrics.outbox('email', () => backlog(app.db, outbox.schema));
  const { config } = options;
  let server: Awaited<ReturnType<typeof serveMetrics>> | null = null;
  app.addHook('onReady', async () => {
    server = await serveMetrics(metrics.registry, config.METRICS_HOST ?? config.HOST, config.METRICS_PORT ?? 0);
    port = server.port;
  });
  app.addHook('onClose', async () => {
    await server?.close();
  });
}
