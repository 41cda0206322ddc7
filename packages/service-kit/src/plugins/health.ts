import fp from 'fastify-plugin';
import type { WorkerStatus } from '../service/workers';

/**
 * `/health` says the process is up; `/ready` says it can do work, which for
 * every service means its database answers.
 */
export interface HealthPluginOptions {
  /** Throws when the service cannot do work. */
  readiness: () => Promise<void>;
  /** The service's background workers, named in both answers so a stopped or failed one shows. */
  workers?: () => WorkerStatus[];
}

export default fp<HealthPluginOptions>(
  async (app, options) => {
    const workers = () => {
      const list = options.workers?.() ?? [];
      return list.length > 0 ? { workers: list } : {};
    };
    app.get('/health', { logLevel: 'warn' }, async () => ({ status: 'ok', ...workers() }));
    app.get('/ready', { logLevel: 'warn' }, async (_request, reply) => {
      try {
        await options.readiness();
        return { status: 'ready', ...workers() };
      } catch (error) {
        app.log.warn({ err: error }, 'readiness check failed');
        return reply
          .code(503)
          .header('retry-after', '1')
          .send({ statusCode: 503, code: 'not_ready', message: (error as Error).message || 'Not ready' });
      }
    });
  },
  { name: 'health' },
);
