import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, FastifyServerOptions } from 'fastify';
import type pg from 'pg';
import type { AccessClaims, AccessTokenVerifier } from './auth/verify-access-token';
import type { BaseConfig, StatelessConfig } from './config';
import { createService } from './create-service';
import { createInternalClient, type InternalClient } from './internal-client';
import type { MetricsHook } from './observability/metrics';
import { serviceMetrics, watchService } from './observability/service-metrics';
import { collectApiDocument, serveApiDocument, type ApiDocumentDeclaration } from './openapi/api-document';
import type { AuthenticationPluginOptions } from './plugins/authentication';
import type { ErrorTranslation } from './plugins/error-handler';
import type { ConfigLoader, MailConfig } from './service/config-pieces';
import { outboxAdminRoutes, outboxHandle, type OutboxHandle, type OutboxImplementation } from './service/outbox';
import { workerRegistry, type WorkerDeclaration } from './service/workers';

declare module 'fastify' {
  interface FastifyInstance {
    /** The email outbox worker; present on services that declare an outbox. */
    outbox: OutboxHandle;
  }
}

/** What a test, benchmark or second replica may replace when it builds a service. */
export interface BuildOverrides {
  pool?: pg.Pool;
  logger?: FastifyServerOptions['logger'];
  /** Verify tokens with given keys instead of the identity provider's. */
  verifier?: AccessTokenVerifier;
  /** Replace the per-request session check (e.g. a benchmark without auth). */
  isSessionActive?: (claims: AccessClaims) => Promise<boolean>;
}

/** What `deps` and `authentication` are given while the service is built. */
export interface ServiceContext<C, O> {
  app: FastifyInstance;
  config: C;
  log: FastifyBaseLogger;
  /** The outbox worker when the service declares one. */
  outbox: OutboxHandle | null;
  /** A client for another service's `/internal/*` routes, with this service's token and timeout. */
  peer(baseUrl: string): InternalClient;
  /** The service's deps once built; for callbacks that run per request, never during the build. */
  deps(): unknown;
  overrides: BuildOverrides & Partial<O>;
}

/** A route plugin, or one mounted under a prefix; each is registered with `{ deps }`. */
export type RouteDeclaration<D> =
  FastifyPluginAsync<{ deps: D }> | { plugin: FastifyPluginAsync<{ deps: D }>; prefix: string };

type ServiceConfig = (BaseConfig | StatelessConfig) &
  Partial<MailConfig> & { INTERNAL_SERVICE_TOKEN?: string; INTERNAL_TIMEOUT_MS?: number };

export interface ServiceDeclaration<C extends ServiceConfig, D, O = object> {
  /** Used in logs and as the service's database schema. */
  name: string;
  config: ConfigLoader<C>;
  /** Folder of numbered SQL migrations for the service's schema; `false` for a service without a database. */
  migrations: string | false;
  /** Token checking; the kit merges a test's `verifier`/`isSessionActive` over it. */
  authentication?: (config: C, ctx: ServiceContext<C, O>) => AuthenticationPluginOptions | false;
  /** The email outbox in the service's schema: migrated, run as the `outbox` worker, admin routes under /internal/outbox. */
  outbox?: OutboxImplementation | false;
  /** Database setup beyond numbered migrations, after them and before deps. */
  prepare?: (ctx: ServiceContext<C, O>) => Promise<void>;
  deps: (config: C, ctx: ServiceContext<C, O>) => D | Promise<D>;
  routes: RouteDeclaration<D>[];
  workers?: WorkerDeclaration<C, D>[];
  /**
   * The service's own series beside the kit's (requests, pool, caches, email outbox): its
   * caches' hit/miss totals, its outboxes' backlog, gauges sampled at scrape time.
   * Called once deps are built; a no-op hook when no metrics port is configured.
   */
  metrics?: (hook: MetricsHook, deps: D) => void;
  /** Service-wide decorations (e.g. the wiring tests and scripts reach). */
  decorate?: (app: FastifyInstance, deps: D) => void;
  /** What `/ready` checks when the service has no database. */
  readiness?: (config: C) => () => Promise<void>;
  /** Fastify settings the service needs before anything is registered (the gateway's body handling). */
  configure?: (app: FastifyInstance, config: C) => Promise<void>;
  trustIncomingRequestId?: boolean;
  /** Proxies in front whose X-Forwarded-For is believed (the gateway behind an Ingress); none by default. */
  trustProxy?: (config: C) => string[] | undefined;
  /**
   * Gives a failure its meaning for this service before the kit answers it
   * (e.g. an unreachable database as a retryable 503); return the error itself otherwise.
   */
  translateError?: ErrorTranslation;
  /**
   * The public API's OpenAPI document, built from the routes' schemas and served at
   * `/api/{name}/openapi.json` unless a path is given; `/internal/*` is left out.
   * `false` for a service without an API of its own.
   */
  openApi?: ApiDocumentDeclaration | false;
}

export interface ServiceDefinition<C extends ServiceConfig, D, O = object> {
  name: string;
  loadConfig: ConfigLoader<C>;
  /** Builds the app (not listening). Workers start when it is ready (or listening), and stop before the pool closes. */
  build(config: C, overrides?: BuildOverrides & Partial<O>): Promise<FastifyInstance>;
  /** The deps a built app runs on. */
  depsOf(app: FastifyInstance): D;
}

/** A service's shape, declared once: config, migrations, deps, routes, workers, outbox. */
export function defineService<C extends ServiceConfig, D, O = object>(
  declaration: ServiceDeclaration<C, D, O>,
): ServiceDefinition<C, D, O> {
  const built = new WeakMap<FastifyInstance, D>();
  const build = async (config: C, overrides: BuildOverrides & Partial<O> = {} as BuildOverrides & Partial<O>) => {
    // Filled in as the build goes; callbacks read them only after that.
    const state: { app?: FastifyInstance; deps?: D } = {};
    const mailWorker: WorkerDeclaration<C, D>[] = declaration.outbox
      ? [
          {
            name: 'outbox',
            enabled: (c) => c.OUTBOX_WORKER !== false,
            start: () => state.app!.outbox.start(),
            stop: () => state.app!.outbox.stop(),
          },
        ]
      : [];
    const workers = workerRegistry([...mailWorker, ...(declaration.workers ?? [])], config, () => state.app!.log);
    const ctx: ServiceContext<C, O> = {
      get app() {
        return state.app!;
      },
      config,
      get log() {
        return state.app!.log;
      },
      outbox: null,
      peer: (baseUrl) =>
        createInternalClient({
          baseUrl,
          timeoutMs: config.INTERNAL_TIMEOUT_MS,
          serviceToken: config.INTERNAL_SERVICE_TOKEN,
        }),
      deps: () => {
        if (state.deps === undefined) throw new Error(`${declaration.name}: deps are not built yet`);
        return state.deps;
      },
      overrides,
    };
    const authentication = declaration.authentication?.(config, ctx) ?? false;
    const metrics = serviceMetrics(declaration.name, config);
    const app = await createService({
      metrics: metrics ?? undefined,
      name: declaration.name,
      config,
      database: declaration.migrations === false ? false : undefined,
      migrationsDir: declaration.migrations || undefined,
      pool: overrides.pool,
      logger: overrides.logger,
      readiness: declaration.readiness?.(config),
      trustIncomingRequestId: declaration.trustIncomingRequestId,
      trustProxy: declaration.trustProxy?.(config),
      translateError: declaration.translateError,
      workers: workers.statuses,
      authentication: authentication && {
        ...authentication,
        ...(overrides.verifier ? { verifier: overrides.verifier } : {}),
        ...(overrides.isSessionActive ? { isSessionActive: overrides.isSessionActive, sessionCache: undefined } : {}),
      },
    });
    state.app = app;
    await declaration.configure?.(app, config);
    // Before any route is added, so the document sees them all.
    if (declaration.openApi !== false) await collectApiDocument(app, declaration.name, declaration.openApi);
    if (declaration.outbox) {
      const mail = config as C & MailConfig;
      await declaration.outbox.migrate(app.db, declaration.name);
      ctx.outbox = outboxHandle(declaration.outbox, app.db, declaration.name, mail, app.log);
      app.decorate('outbox', ctx.outbox);
      await app.register(outboxAdminRoutes, {
        implementation: declaration.outbox,
        schema: declaration.name,
        serviceToken: config.INTERNAL_SERVICE_TOKEN ?? '',
        outbox: ctx.outbox,
      });
    }
    watchService(app, metrics, {
      config,
      outbox: declaration.outbox ? { implementation: declaration.outbox, schema: declaration.name } : undefined,
    });
    await declaration.prepare?.(ctx);
    const made: D = await declaration.deps(config, ctx);
    state.deps = made;
    built.set(app, made);
    declaration.decorate?.(app, made);
    declaration.metrics?.(app.metrics, made);
    for (const route of declaration.routes) {
      if (typeof route === 'function') await app.register(route, { deps: made });
      else await app.register(route.plugin, { deps: made, prefix: route.prefix });
    }
    if (declaration.openApi !== false) serveApiDocument(app, declaration.name, declaration.openApi);
    app.addHook('onReady', async () => workers.start(made, 'ready'));
    app.addHook('onListen', async () => workers.start(made, 'listen'));
    // preClose: workers finish their round while the pool (ended on close) still answers.
    app.addHook('preClose', async () => workers.stop(made));
    return app;
  };
  return {
    name: declaration.name,
    loadConfig: declaration.config,
    build,
    depsOf(app) {
      const deps = built.get(app);
      if (deps === undefined) throw new Error(`This app was not built by the ${declaration.name} service`);
      return deps;
    },
  };
}
