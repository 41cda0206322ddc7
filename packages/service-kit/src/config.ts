import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/** Settings every service reads from its environment. */
export const BaseConfigSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'development',
  }),
  HOST: Type.String({ default: '127.0.0.1', minLength: 1 }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535 }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  DATABASE_URL: Type.String({ pattern: '^postgres(ql)?://' }),
  DB_POOL_MAX: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
  DB_CONNECTION_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 5000 }),
  DB_STATEMENT_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 10000 }),
  SHUTDOWN_GRACE_MS: Type.Integer({ minimum: 0, default: 10000 }),
  /**
   * The internal port that serves Prometheus `/metrics`; unset: no metrics at all (the
   * default, so dev runs and tests pay nothing). 0 picks a free port (tests).
   */
  METRICS_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  /** Where the metrics port listens; HOST when unset (in a cluster: 0.0.0.0, for the scraper). */
  METRICS_HOST: Type.Optional(Type.String({ minLength: 1 })),
});
export type BaseConfig = Static<typeof BaseConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates configuration from an env-like record. Numbers and
 * booleans are converted from their string form; anything that does not fit
 * the schema stops the service with a message naming the variable.
 */
export function loadConfig<P extends TProperties>(
  schema: TObject<P>,
  env: Record<string, string | undefined> = process.env,
): Static<TObject<P>> {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const raw = env[key];
    if (raw !== undefined && raw !== '') picked[key] = raw;
  }
  const withDefaults = Value.Default(schema, picked);
  const converted = Value.Convert(schema, withDefaults);
  const problems = [...Value.Errors(schema, converted)].map((e) => {
    const name = e.path.replace(/^\//, '') || '(root)';
    const given = env[name];
    return given === undefined ? `${name}: is required (${e.message})` : `${name}: ${e.message} (got "${given}")`;
  });
  if (problems.length > 0 || !Value.Check(schema, converted)) throw new ConfigError(problems);
  return converted;
}

/** Settings of a service without a database (the gateway). */
export const StatelessConfigSchema = Type.Omit(BaseConfigSchema, [
  'DATABASE_URL',
  'DB_POOL_MAX',
  'DB_CONNECTION_TIMEOUT_MS',
  'DB_STATEMENT_TIMEOUT_MS',
]);

export type StatelessConfig = Static<typeof StatelessConfigSchema>;

/** Extends the base schema with a service's own settings. */
export function serviceConfigSchema<P extends TProperties>(extra: TObject<P>) {
  return Type.Composite([BaseConfigSchema, extra]);
}
