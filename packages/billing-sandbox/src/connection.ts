import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { SandboxSettings } from './config';

export interface StripeConnection {
  apiKey: string;
  host: string;
  port: number;
  protocol: 'http';
  /** The secret the sandbox signs its webhooks with. */
  webhookSecret: string;
}

/**
 * How the provider SDK reaches the sandbox inside this service:
 * `new Stripe(apiKey, { host, port, protocol, … })`. Pass the app once it
 * listens when PORT is 0 (tests): the real port is known only then.
 */
export function sandboxStripeConnection(config: SandboxSettings, app?: FastifyInstance): StripeConnection {
  const address = app?.server.listening ? (app.server.address() as AddressInfo | null) : null;
  const host = !config.HOST || config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  return {
    apiKey: config.SANDBOX_SECRET_KEY,
    host,
    port: address?.port ?? config.PORT,
    protocol: 'http',
    webhookSecret: config.SANDBOX_WEBHOOK_SECRET,
  };
}
