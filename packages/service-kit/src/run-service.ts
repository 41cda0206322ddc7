import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import type { StatelessConfig } from './config';
import { ConfigError } from './config';
import { flushTraces } from './observability/trace-context';

type Built = { app: FastifyInstance; config: StatelessConfig };
/** What `runService` needs of a declared service (see defineService). */
interface Runnable {
  loadConfig(): StatelessConfig;
  build(config: never): Promise<FastifyInstance>;
}

/**
 * Starts a declared service (or, with `--migrate-only`, only migrates its database) and stops it gracefully: on SIGTERM/SIGINT it
 * stops accepting, answers new requests 503, lets in-flight ones finish within
 * the grace period, stops its workers, then closes its pool.
 */
export async function runService(service: Runnable | (() => Promise<Built>)): Promise<void> {
  let built: Built;
  try {
    if (typeof service === 'function') {
      built = await service();
    } else {
      const config = service.loadConfig();
      built = { app: await service.build(config as never), config };
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  }
  const { app, config } = built;
  // A migrations job before a rollout: building the app has applied the service's migrations
  // and its database setup; nothing listens and no worker starts.
  if (process.argv.includes('--migrate-only')) {
    app.log.info('migrations applied; not serving (--migrate-only)');
    await app.close();
    return;
  }
  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await flushTraces();
  });
  await app.listen({ host: config.HOST, port: config.PORT });
}
