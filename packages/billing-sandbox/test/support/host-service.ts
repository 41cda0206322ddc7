import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Plan } from '@tracemap/contracts';
import {
  ConfigError,
  defineService,
  IdentityProviderConfigSchema,
  identityProviderAuthentication,
  loadConfig as readEnv,
  peersConfigSchema,
  serviceConfigSchema,
  type ConfigLoader,
} from '@tracemap/service-kit';
import { billingSandbox, SANDBOX_MIGRATIONS_DIR, SandboxConfigSchema, withSandboxSecrets } from '../../src';
import { TEST_PLANS } from './plans';

/**
 * The host's schema, where the sandbox's tables are (the tests read them directly). Not the
 * subscription service's: the sandbox works in whichever schema its host names.
 */
export const HOST_SCHEMA = 'sandbox_host';

const HostConfigSchema = serviceConfigSchema(
  Type.Composite([
    IdentityProviderConfigSchema,
    peersConfigSchema(),
    SandboxConfigSchema,
    Type.Object({
      STRIPE_SECRET_KEY: Type.Optional(Type.String({ minLength: 1 })),
      /** A JSON catalogue replacing the test plans. */
      BILLING_PLANS: Type.Optional(Type.String({ minLength: 2 })),
    }),
  ]),
);
type HostConfig = Static<typeof HostConfigSchema>;

const loadHostConfig: ConfigLoader<HostConfig> = Object.assign(
  (env: Record<string, string | undefined> = process.env) => readEnv(HostConfigSchema, withSandboxSecrets(env)),
  { schema: HostConfigSchema },
);

interface HostDeps {
  config: HostConfig;
  plans: Plan[];
}

function plansOf(json: string | undefined): Plan[] {
  if (!json) return TEST_PLANS;
  try {
    return JSON.parse(json) as Plan[];
  } catch {
    throw new ConfigError(['BILLING_PLANS: not valid JSON']);
  }
}

const registerSandbox: FastifyPluginAsync<{ deps: HostDeps }> = async (app, { deps }) => {
  await app.register(billingSandbox, { settings: deps.config, plans: deps.plans, schema: HOST_SCHEMA });
};
// Not encapsulated, so the tests reach `app.billingSandbox` on the host.
const sandboxRoute = fp(registerSandbox, { name: 'sandbox-host-routes' });

/**
 * The smallest service that hosts the sandbox, built with the service kit the way the
 * subscription service is: token checks, the pool, JSON errors, and the sandbox's tables.
 */
export const hostService = defineService<HostConfig, HostDeps>({
  name: HOST_SCHEMA,
  config: loadHostConfig,
  // The host has no tables of its own: its migrations are the sandbox's.
  migrations: SANDBOX_MIGRATIONS_DIR,
  authentication: (config) => identityProviderAuthentication(config),
  deps: (config) => ({ config, plans: plansOf(config.BILLING_PLANS) }),
  routes: [sandboxRoute],
});
