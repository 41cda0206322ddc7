import type { TObject } from '@sinclair/typebox';
import { AccountConfigSchema } from '@tracemap/account/config';
import { AuthConfigSchema } from '@tracemap/auth/config';
import { CompanyConfigSchema } from '@tracemap/company/config';
import { GatewayConfigSchema } from '@tracemap/gateway/config';
import { InsightsConfigSchema } from '@tracemap/insights/config';
import { IntegrationsConfigSchema } from '@tracemap/integrations/config';
import { SubscriptionConfigSchema } from '@tracemap/subscription/config';

type ServiceName = 'auth' | 'account' | 'company' | 'subscription' | 'insights' | 'integrations' | 'gateway';

// Each service's own config schema is the list of what it reads: a setting
// added there reaches it under `npm start` with no second list to update.
const SCHEMAS: Record<ServiceName, TObject> = {
  auth: AuthConfigSchema,
  account: AccountConfigSchema,
  company: CompanyConfigSchema,
  subscription: SubscriptionConfigSchema,
  insights: InsightsConfigSchema,
  integrations: IntegrationsConfigSchema,
  gateway: GatewayConfigSchema,
};

/** Names of the variables a service documents (its config schema's properties). */
export function settingNames(service: ServiceName): string[] {
  return Object.keys(SCHEMAS[service].properties).sort();
}

/**
 * The variables of `environment` the service reads, and nothing else: no
 * unrelated secrets of the shell leak into the services. Values are passed
 * as given; the service validates them at start as it always does.
 */
export function settingsFrom(
  service: ServiceName,
  environment: Record<string, string | undefined>,
): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of settingNames(service)) {
    const value = environment[name];
    if (value !== undefined && value !== '') picked[name] = value;
  }
  return picked;
}
