import { IMPORT_BODY_LIMIT_BYTES, MAP_BODY_LIMIT_BYTES } from '@tracemap/contracts';
import type { GatewayConfig } from './config';

export interface Upstream {
  name: string;
  baseUrl: string;
  prefixes: string[];
  /** Routes whose bodies may exceed the gateway's usual 1 MiB (plan files, whole maps). */
  largeBodies?: Array<{ method: 'POST' | 'PATCH'; path: string; bodyLimit: number }>;
}

/** Which service answers which public path prefix. */
export function upstreamsFrom(config: GatewayConfig): Upstream[] {
  const list: Upstream[] = [
    { name: 'auth', baseUrl: config.AUTH_URL, prefixes: ['/auth/v1'] },
    { name: 'account', baseUrl: config.ACCOUNT_URL, prefixes: ['/api/account', '/api/support', '/api/analytics'] },
    {
      name: 'company',
      baseUrl: config.COMPANY_URL,
      prefixes: ['/api/company'],
      largeBodies: [
        { method: 'POST', path: '/api/company/:companyId/tracking-plan/import', bodyLimit: IMPORT_BODY_LIMIT_BYTES },
        { method: 'POST', path: '/api/company/:companyId/maps', bodyLimit: MAP_BODY_LIMIT_BYTES },
        { method: 'PATCH', path: '/api/company/:companyId/maps/:mapId', bodyLimit: MAP_BODY_LIMIT_BYTES },
      ],
    },
    { name: 'subscription', baseUrl: config.SUBSCRIPTION_URL, prefixes: ['/api/subscription', '/webhooks'] },
  ];
  if (config.DEV_MAILBOX_URL && config.NODE_ENV !== 'production') {
    list.push({ name: 'dev-mailbox', baseUrl: config.DEV_MAILBOX_URL, prefixes: ['/dev/mailbox'] });
  }
  return list;
}
