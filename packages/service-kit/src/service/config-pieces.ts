import { Type, type Static, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import { BaseConfigSchema, loadConfig as loadFromEnv } from '../config';

/** An http(s) address of another service or of the site. */
export const HttpUrl = (fallback?: string) =>
  Type.String({ pattern: '^https?://[^\\s]+$', ...(fallback === undefined ? {} : { default: fallback }) });

/** How this process listens and stops. */
export const ProcessConfigSchema = Type.Pick(BaseConfigSchema, ['NODE_ENV', 'HOST', 'PORT', 'SHUTDOWN_GRACE_MS']);
export const LoggingConfigSchema = Type.Pick(BaseConfigSchema, ['LOG_LEVEL']);
/** The service's own PostgreSQL schema: where, how many connections, how long a statement may take. */
export const DatabaseConfigSchema = Type.Pick(BaseConfigSchema, [
  'DATABASE_URL',
  'DB_POOL_MAX',
  'DB_CONNECTION_TIMEOUT_MS',
  'DB_STATEMENT_TIMEOUT_MS',
]);

/** Every service that sends email reads the same settings, validated the same way. */
export const MailConfigSchema = Type.Object({
  /** Without it emails are kept in the outbox only (dev mailbox, admin email page). */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  MAIL_FROM: Type.String({ minLength: 3, default: 'Tracemap <no-reply@tracemap.local>' }),
  /** Run the outbox worker in this process (off only for tests that read the outbox). */
  OUTBOX_WORKER: Type.Boolean({ default: true }),
  /** How often the outbox worker looks for due emails when nothing woke it. */
  OUTBOX_POLL_MS: Type.Integer({ minimum: 50, default: 1000 }),
});
export type MailConfig = Static<typeof MailConfigSchema>;

/**
 * Calls to other services' `/internal/*` routes: the timeout after which a
 * peer counts as down (its part of an answer degrades). The shared secret,
 * INTERNAL_SERVICE_TOKEN, comes with the identity provider's settings.
 */
export function peersConfigSchema(defaultTimeoutMs = 2000) {
  return Type.Object({
    INTERNAL_TIMEOUT_MS: Type.Integer({ minimum: 100, default: defaultTimeoutMs }),
  });
}
export type PeersConfig = Static<ReturnType<typeof peersConfigSchema>>;

/** A config loader that carries its schema, so the stack can hand a service exactly the variables it names. */
export interface ConfigLoader<C> {
  (env?: Record<string, string | undefined>): C;
  readonly schema: TSchema;
}

/**
 * The one way a service reads its environment: the schema's variables
 * converted and validated, then `check` for rules that span several settings
 * (it throws a ConfigError naming them).
 */
export function configLoader<P extends TProperties>(
  schema: TObject<P>,
  check?: (config: Static<TObject<P>>) => void,
): ConfigLoader<Static<TObject<P>>> {
  const load = (env: Record<string, string | undefined> = process.env) => {
    const config = loadFromEnv(schema, env);
    check?.(config);
    return config;
  };
  return Object.assign(load, { schema });
}
