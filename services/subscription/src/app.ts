import path from 'node:path';
import { createService, identityProviderAuthentication } from '@tracemap/service-kit';
import type { FastifyInstance } from 'fastify';
import type { SubscriptionConfig } from './config';

export async function buildApp(config: SubscriptionConfig): Promise<FastifyInstance> {
  return createService({
    name: 'subscription',
    config,
    migrationsDir: path.join(__dirname, '../migrations'),
    routesDir: path.join(__dirname, 'routes'),
    authentication: identityProviderAuthentication(config),
    pluginOptions: { config },
  });
}
