import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import type { StatelessConfig } from './config';
import { ConfigError } from './config';

/**
 * Starts a built service and stops it gracefully: on SIGTERM/SIGINT it stops
 * accepting, answers new requests 503, lets in-flight ones finish within the
 * grace period, then closes its pool.
 */
export async function runService(build: () => Promise<{ app: FastifyInstance; config: StatelessConfig }>): Promise<void> {
  let built: { app: FastifyInstance; config: StatelessConfig };
  try {
    built = await build();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  }
  const { app, config } = built;
  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  await app.listen({ host: config.HOST, port: config.PORT });
}
