import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { SubscriptionConfig } from '../config';
import { isSandboxEnabled } from '../sandbox/config';
import { registerBillingSandbox } from '../sandbox/plugin';

/**
 * Without a real provider key the sandbox billing provider answers inside this
 * service: its API at /v1, hosted pages and the admin clock under
 * /api/subscription/sandbox, and webhook delivery.
 */
const sandboxProvider: FastifyPluginAsync<{ config: SubscriptionConfig }> = async (app, { config }) => {
  if (isSandboxEnabled(config)) await registerBillingSandbox(app, config);
};
// Not encapsulated: the service itself (tests, shutdown) reaches `app.billingSandbox`.
export default fp(sandboxProvider, { name: 'billing-sandbox' });
