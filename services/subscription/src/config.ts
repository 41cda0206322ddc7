import type { Static } from '@sinclair/typebox';
import { IdentityProviderConfigSchema, loadConfig, serviceConfigSchema } from '@tracemap/service-kit';

export const SubscriptionConfigSchema = serviceConfigSchema(IdentityProviderConfigSchema);
export type SubscriptionConfig = Static<typeof SubscriptionConfigSchema>;

export const readSubscriptionConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(SubscriptionConfigSchema, env);
