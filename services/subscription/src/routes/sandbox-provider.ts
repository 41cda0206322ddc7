import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { billingSandbox, isSandboxEnabled } from '@tracemap/billing-sandbox';
import type { SubscriptionDeps } from '../deps';
import { createProvider } from '../providers/create-provider';

/** Where the sandbox keeps its tables: this service's own schema (the service's name). */
export const SANDBOX_SCHEMA = 'subscription';

/**
 * Without a real provider key the sandbox billing provider answers inside this
 * service: its API at /v1, hosted pages and the admin clock under
 * /api/subscription/sandbox, and webhook delivery. It sells this service's catalogue.
 */
const sandboxProvider: FastifyPluginAsync<{ deps: SubscriptionDeps }> = async (app, { deps }) => {
  const { config } = deps;
  if (!isSandboxEnabled(config)) return;
  await app.register(billingSandbox, { settings: config, plans: deps.plans.plans, schema: SANDBOX_SCHEMA });
  // With a free port chosen at listen time, the SDK is pointed at the port actually bound.
  app.addHook('onListen', async () => {
    if (deps.provider.kind === 'sandbox' && !config.STRIPE_API_BASE && config.PORT === 0)
      deps.provider = createProvider(config, app);
  });
};
// Not encapsulated: the service itself (tests, shutdown) reaches `app.billingSandbox`.
export default fp(sandboxProvider, { name: 'sandbox-provider' });
