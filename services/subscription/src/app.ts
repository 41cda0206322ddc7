import path from 'node:path';
import { createService } from '@tracemap/service-kit';
import type { FastifyInstance } from 'fastify';
import type { SubscriptionConfig } from './config';

export async function buildApp(config: SubscriptionConfig): Promise<FastifyInstance> {
  return createService({
    name: 'subscription',
    config,
    migrationsDir: path.join(__dirname, '../migrations'),
    routesDir: path.join(__dirname, 'routes'),
    authentication: {
      jwksUrl: new URL('/auth/v1/.well-known/jwks.json', config.AUTH_URL).toString(),
      issuer: new URL('/auth/v1', config.PUBLIC_URL).toString(),
    },
    pluginOptions: { config },
  });
}
