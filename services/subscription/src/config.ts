import { Type, type Static } from '@sinclair/typebox';
import { loadConfig, serviceConfigSchema } from '@tracemap/service-kit';

export const SubscriptionConfigSchema = serviceConfigSchema(
  Type.Object({
    PUBLIC_URL: Type.String({ pattern: '^https?://' }),
    AUTH_URL: Type.String({ pattern: '^https?://' }),
    INTERNAL_SERVICE_TOKEN: Type.String({ minLength: 16 }),
  }),
);
export type SubscriptionConfig = Static<typeof SubscriptionConfigSchema>;

export const readSubscriptionConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(SubscriptionConfigSchema, env);
