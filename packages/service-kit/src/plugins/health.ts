import fp from 'fastify-plugin';

/**
 * `/health` says the process is up; `/ready` says it can do work, which for
 * every service means its database answers.
 */
export default fp(
  async (app) => {
    app.get('/health', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
    app.get('/ready', { logLevel: 'warn' }, async (_request, reply) => {
      try {
        await app.db.query('SELECT 1');
        return { status: 'ready' };
      } catch (error) {
        app.log.warn({ err: error }, 'readiness check failed');
        return reply
          .code(503)
          .header('retry-after', '1')
          .send({ statusCode: 503, code: 'not_ready', message: 'Database is not reachable' });
      }
    });
  },
  { name: 'health', dependencies: ['database'] },
);
