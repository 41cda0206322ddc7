import { IMPORT_BODY_LIMIT_BYTES, MAP_BODY_LIMIT_BYTES } from '@tracemap/contracts';
import type { GatewayConfig } from './config';

export interface Upstream {
  name: string;
  baseUrl: string;
  prefixes: string[];
  /** Routes whose bodies may exceed the gateway's usual 1 MiB (plan files, whole maps). */
  largeBodies?: Array<{ method: 'POST' | 'PATCH'; path: string; bodyLimit: number }>;
  /** Routes whose bodies are files handed on as they arrive, never held whole; the service bounds their size. */
  streamedBodies?: Array<{ method: 'POST'; path: string }>;
  /**
   * Paths whose bearer token is not a user's session but a credential the service checks itself
   * (personal access tokens of MCP clients): the gateway hands it on unverified.
   */
  ownCredentials?: string[];
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
    {
      name: 'insights',
      baseUrl: config.INSIGHTS_URL,
      prefixes: ['/api/insights'],
      streamedBodies: [{ method: 'POST', path: '/api/insights/:companyId/discovery/uploads' }],
      ownCredentials: ['/api/insights/mcp'],
    },
    { name: 'integrations', baseUrl: config.INTEGRATIONS_URL, prefixes: ['/api/integrations'] },
  ];
  if (config.DEV_MAILBOX_URL && config.NODE_ENV !== 'production') {
    list.push({ name: 'dev-mailbox', baseUrl: config.DEV_MAILBOX_URL, prefixes: ['/dev/mailbox'] });
  }
  return list;
}

/** Ready when every service answers its own `/ready` (the dev mailbox is not waited for). */
export function upstreamsReady(upstreams: Upstream[]): () => Promise<void> {
  return async () => {
    const checked = upstreams.filter((u) => u.name !== 'dev-mailbox');
    const results = await Promise.allSettled(
      checked.map(async (u) => {
        const response = await fetch(new URL('/ready', u.baseUrl), { signal: AbortSignal.timeout(2000) });
        if (!response.ok) throw new Error(u.name);
      }),
    );
    const down = results.flatMap((r, i) => (r.status === 'rejected' ? [checked[i].name] : []));
    if (down.length > 0) throw new Error(`Not ready: ${down.join(', ')}`);
  };
}
