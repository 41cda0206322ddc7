import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Plan } from '@tracemap/contracts';
import type { SandboxSettings } from './config';
import { SandboxStore, type SandboxSetup } from './store';
import { sandboxTables } from './tables';
import { processDue } from './billing/lifecycle';
import { createWireRouter } from './wire/router';
import { registerCustomers } from './wire/customers';
import { registerCheckout } from './wire/checkout';
import { registerSubscriptions } from './wire/subscriptions';
import { registerInvoices } from './wire/invoices';
import { registerCatalogueAndEvents } from './wire/catalogue-and-events';
import { registerPages } from './pages/page-routes';
import { productAdminCheck, registerClockRoutes } from './pages/clock-routes';
import { startDeliveryWorker, type DeliveryWorker } from './webhooks/delivery-worker';

declare module 'fastify' {
  interface FastifyInstance {
    billingSandbox?: {
      /** Delivers every webhook that is due now (tests, or before a shutdown). */
      drainWebhooks(): Promise<void>;
    };
  }
}

// Work that falls due as real time passes (a renewal a month later) runs this often.
const DUE_WORK_INTERVAL_MS = 60_000;

export interface BillingSandboxOptions {
  settings: SandboxSettings;
  /** The catalogue the host sells, so every plan the product shows can be bought here. */
  plans: Plan[];
  /** The host's schema, where `migrateBillingSandbox` put the sandbox's tables. */
  schema: string;
}

/**
 * The sandbox billing provider: the provider's API at /v1 (reached only
 * inside the host service, the gateway does not route it), its hosted pages
 * and the admin clock under /api/subscription/sandbox, and webhook delivery.
 * Needs the host's `db`/`transaction` and `requireUser` (the service kit's),
 * and its tables (`migrateBillingSandbox`) in the host's schema, which the host names.
 */
const billingSandboxPlugin: FastifyPluginAsync<BillingSandboxOptions> = async (
  app,
  { settings: config, plans, schema },
) => {
  const setup: SandboxSetup = { plans, tables: sandboxTables(schema) };
  let worker: DeliveryWorker | null = null;
  const wake = () => worker?.wake();
  const webhookUrl = () => {
    if (config.SANDBOX_WEBHOOK_URL) return config.SANDBOX_WEBHOOK_URL;
    const address = app.server.listening ? (app.server.address() as AddressInfo | null) : null;
    if (!address) return null;
    // A wildcard address is reached on loopback; a specific one as it is bound.
    const host =
      address.address === '0.0.0.0' || address.address === '::'
        ? '127.0.0.1'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
    return `http://${host}:${address.port}/webhooks/stripe`;
  };

  await app.register(
    async (scope) => {
      const router = createWireRouter(scope, config.SANDBOX_SECRET_KEY, setup, wake);
      registerCustomers(router);
      registerCheckout(router, config.PUBLIC_URL);
      registerSubscriptions(router);
      registerInvoices(router);
      registerCatalogueAndEvents(router);
    },
    { prefix: '/v1' },
  );
  await app.register(
    async (scope) => {
      registerPages(scope, setup, wake);
      registerClockRoutes(scope, setup, productAdminCheck(config.ACCOUNT_URL, config.INTERNAL_SERVICE_TOKEN), wake);
    },
    { prefix: '/api/subscription/sandbox' },
  );

  let dueTimer: NodeJS.Timeout | undefined;
  const runDueWork = () =>
    app
      .transaction(async (client) => {
        const store = await SandboxStore.open(client, setup);
        await processDue(store, store.now());
        return store.emitted.length;
      })
      .then((emitted) => emitted > 0 && wake())
      .catch((error) => app.log.warn({ err: (error as Error).message }, 'sandbox due work failed'));

  app.addHook('onReady', async () => {
    if (config.SANDBOX_WEBHOOK_WORKER) {
      worker = startDeliveryWorker({
        pool: app.db,
        tables: setup.tables,
        url: webhookUrl,
        secret: config.SANDBOX_WEBHOOK_SECRET,
        logger: app.log,
        retryBaseMs: config.SANDBOX_WEBHOOK_RETRY_BASE_MS,
      });
    }
    dueTimer = setInterval(() => void runDueWork(), DUE_WORK_INTERVAL_MS);
    dueTimer.unref();
  });
  // Before the pool closes, so a delivery in progress can still record its result.
  app.addHook('preClose', async () => {
    clearInterval(dueTimer);
    await worker?.stop();
  });
  app.decorate('billingSandbox', {
    drainWebhooks: async () => {
      await worker?.drain();
    },
  });
};

// Not encapsulated: the host itself (tests, shutdown) reaches `app.billingSandbox`.
export const billingSandbox = fp(billingSandboxPlugin, { name: 'billing-sandbox' });
