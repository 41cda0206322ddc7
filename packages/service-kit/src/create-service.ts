import { requestLogFields } from './log-redaction';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import autoload from '@fastify/autoload';
import type pg from 'pg';
import type { BaseConfig, StatelessConfig } from './config';
import databasePlugin from './plugins/database';
import healthPlugin from './plugins/health';
import errorHandlerPlugin, { type ErrorTranslation } from './plugins/error-handler';
import authenticationPlugin, { type AuthenticationPluginOptions } from './plugins/authentication';
import inputGuardPlugin, { MALFORMED_URL } from './plugins/input-guard';
import responseHeadersPlugin from './plugins/response-headers';
import type { WorkerStatus } from './service/workers';
import { ajvServerOptions, buildValidator } from './validation/validator-compiler';
import type { ServiceMetrics } from './observability/metrics';
import { traceLogFields, tracingStarted } from './observability/trace-context';

export interface ServiceOptions {
  /** Service name: used in logs and as its database schema unless `schema` is given. */
  name: string;
  config: BaseConfig | StatelessConfig;
  schema?: string;
  /** Folder of numbered SQL migrations for the service's schema. */
  migrationsDir?: string;
  /** Folder of app plugins (autoloaded, before routes). */
  pluginsDir?: string;
  /** Folder of routes (autoloaded). */
  routesDir?: string;
  /** Prefix for every autoloaded route, e.g. `/api/account`. */
  routePrefix?: string;
  authentication?: AuthenticationPluginOptions | false;
  pool?: pg.Pool;
  /** Override Fastify's logger, e.g. `false` in tests. */
  logger?: FastifyServerOptions['logger'];
  /**
   * `false` for a service without a database of its own (the gateway); then
   * `readiness` decides what /ready reports.
   */
  database?: false;
  readiness?: () => Promise<void>;
  /**
   * Services keep the request id the gateway made; the gateway itself makes a
   * new one for every request instead of trusting a client's.
   */
  trustIncomingRequestId?: boolean;
  /** Proxies whose X-Forwarded-For gives the client's address (Fastify's trustProxy); none by default. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Gives a failure its meaning for this service before it is answered (see defineService). */
  translateError?: ErrorTranslation;
  /** The declared workers' states, for /health and /ready. */
  workers?: () => WorkerStatus[];
  /** Extra options for autoloaded plugins and routes. */
  pluginOptions?: Record<string, unknown>;
  /** Times every route (with a metrics port configured). */
  metrics?: ServiceMetrics;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

// Services run from TypeScript source (tsx, swc-jest); autoload cannot tell
// that tsx is present when it is loaded with `--import`.
if (__filename.endsWith('.ts')) process.env.FASTIFY_AUTOLOAD_TYPESCRIPT ??= '1';

/**
 * The app factory every service shares: structured logs with the request id
 * that the gateway created, JSON errors, strict schema validation (unknown
 * fields refused, JSON bodies never coerced, text PostgreSQL cannot store
 * refused), nosniff and no-store on answers, health and readiness, the database with its migrations,
 * and access-token verification. Starting the server is `runService`'s job.
 */
/** Every service's logger: its name on each line, credentials and secret query parameters never written. */
export function serviceLoggerOptions(level: string, name: string) {
  return {
    level,
    base: { service: name },
    redact: ['req.headers.authorization', 'req.headers.apikey', 'req.headers.cookie'],
    serializers: { req: requestLogFields },
    // Only when this process traces: otherwise a log line costs no lookup of a span.
    ...(tracingStarted() ? { mixin: traceLogFields } : {}),
  };
}

export async function createService(options: ServiceOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger ?? (config.LOG_LEVEL === 'silent' ? false : serviceLoggerOptions(config.LOG_LEVEL, options.name)),
    requestIdHeader: false,
    ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
    genReqId: (request) => {
      if (options.trustIncomingRequestId === false) return randomUUID();
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 256 * 1024,
    // A path the router cannot decode gets the same JSON answer as a bad query string.
    frameworkErrors: (error, _request, reply) => {
      const malformed = error.code === 'FST_ERR_BAD_URL';
      const statusCode = malformed ? 400 : 500;
      const body = malformed
        ? { statusCode, code: 'malformed_url', message: MALFORMED_URL }
        : { statusCode, code: 'internal_error', message: 'Something went wrong. Try again later.' };
      void (reply as unknown as { code(n: number): { send(b: unknown): void } }).code(statusCode).send(body);
    },
    return503OnClosing: true,
    ajv: ajvServerOptions,
    schemaController: { compilersFactory: { buildValidator: buildValidator() as never } },
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Before any route exists, so that every one of them is timed.
  options.metrics?.observe(app);
  // On shutdown, requests already running finish, and their kept-alive
  // connections are told to close so the server can actually stop.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  // APIs speak JSON only; any other body type is a 415, not a string to parse.
  app.removeContentTypeParser('text/plain');

  await app.register(errorHandlerPlugin, { translate: options.translateError });
  await app.register(responseHeadersPlugin);
  await app.register(inputGuardPlugin);
  if (options.database !== false) {
    const config = options.config as BaseConfig;
    await app.register(databasePlugin, {
      databaseUrl: config.DATABASE_URL,
      schema: options.schema ?? options.name,
      migrationsDir: options.migrationsDir,
      max: config.DB_POOL_MAX,
      connectionTimeoutMs: config.DB_CONNECTION_TIMEOUT_MS,
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
      pool: options.pool,
    });
  }
  await app.register(healthPlugin, {
    readiness: options.readiness ?? (async () => void (await app.db.query('SELECT 1'))),
    workers: options.workers,
  });
  if (options.authentication !== false) {
    await app.register(authenticationPlugin, options.authentication ?? {});
  }
  if (options.pluginsDir) {
    await app.register(autoload, { dir: path.resolve(options.pluginsDir), options: options.pluginOptions ?? {} });
  }
  if (options.routesDir) {
    await app.register(autoload, {
      dir: path.resolve(options.routesDir),
      options: { ...(options.pluginOptions ?? {}), prefix: options.routePrefix ?? '' },
      dirNameRoutePrefix: false,
    });
  }
  return app;
}
