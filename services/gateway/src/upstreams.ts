import type { GatewayConfig } from './config';

export interface Upstream {
  name: string;
  baseUrl: string;
  prefixes: string[];
}

/** Which service answers which public path prefix (issue 2, item 3). */
export function upstreamsFrom(config: GatewayConfig): Upstream[] {
  const list: Upstream[] = [
    { name: 'auth', baseUrl: config.AUTH_URL, prefixes: ['/auth/v1'] },
    { name: 'account', baseUrl: config.ACCOUNT_URL, prefixes: ['/api/account', '/api/support'] },
    { name: 'company', baseUrl: config.COMPANY_URL, prefixes: ['/api/company'] },
    { name: 'subscription', baseUrl: config.SUBSCRIPTION_URL, prefixes: ['/api/subscription', '/webhooks'] },
  ];
  if (config.DEV_MAILBOX_URL && config.NODE_ENV !== 'production') {
    list.push({ name: 'dev-mailbox', baseUrl: config.DEV_MAILBOX_URL, prefixes: ['/dev/mailbox'] });
  }
  return list;
}
