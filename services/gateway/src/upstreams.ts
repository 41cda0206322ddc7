import { IMPORT_BODY_LIMIT_BYTES, MAP_BODY_LIMIT_BYTES } from '@tracemap/contracts';
import type { GatewayConfig } from './config';

export interface Upstream {
  name: string;
  /** The service's replicas (one address when something in front, like a Kubernetes Service, balances). */
  replicas: Replicas;
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

/** The addresses of a comma-separated list, in order. */
export function urlList(value: string): string[] {
  return value
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
}

/**
 * Takes turns among a service's replicas. A replica that refused a connection is passed over
 * for `restMs` (the request that found it down is sent to the next one); when every replica is
 * resting the next in turn is still tried, so a service that comes back is used again at once.
 */
export class Replicas {
  private turn = 0;
  private readonly restingUntil: number[];

  constructor(
    readonly urls: string[],
    private readonly restMs = 2000,
    private readonly now: () => number = Date.now,
  ) {
    if (urls.length === 0) throw new Error('A service needs at least one address');
    this.restingUntil = urls.map(() => 0);
  }

  /** The replica to ask next, other than those in `tried`; undefined once every one was tried. */
  pick(tried?: ReadonlySet<string>): string | undefined {
    const count = this.urls.length;
    if (count === 1) return tried?.has(this.urls[0]) ? undefined : this.urls[0];
    const now = this.now();
    let resting: number | undefined;
    for (let step = 0; step < count; step++) {
      const index = (this.turn + step) % count;
      if (tried?.has(this.urls[index])) continue;
      if (this.restingUntil[index] <= now) {
        this.turn = index + 1;
        return this.urls[index];
      }
      resting ??= index;
    }
    if (resting === undefined) return undefined;
    this.turn = resting + 1;
    return this.urls[resting];
  }

  /** The replica refused a connection (it is down or restarting). */
  refused(url: string): void {
    const index = this.urls.indexOf(url);
    if (index >= 0) this.restingUntil[index] = this.now() + this.restMs;
  }
}

/** Which service answers which public path prefix. */
export function upstreamsFrom(config: GatewayConfig): Upstream[] {
  const list: Upstream[] = [
    { name: 'auth', replicas: new Replicas(urlList(config.AUTH_URL)), prefixes: ['/auth/v1'] },
    {
      name: 'account',
      replicas: new Replicas(urlList(config.ACCOUNT_URL)),
      prefixes: ['/api/account', '/api/support', '/api/analytics'],
    },
    {
      name: 'company',
      replicas: new Replicas(urlList(config.COMPANY_URL)),
      prefixes: ['/api/company'],
      largeBodies: [
        { method: 'POST', path: '/api/company/:companyId/tracking-plan/import', bodyLimit: IMPORT_BODY_LIMIT_BYTES },
        { method: 'POST', path: '/api/company/:companyId/maps', bodyLimit: MAP_BODY_LIMIT_BYTES },
        { method: 'PATCH', path: '/api/company/:companyId/maps/:mapId', bodyLimit: MAP_BODY_LIMIT_BYTES },
      ],
    },
    {
      name: 'subscription',
      replicas: new Replicas(urlList(config.SUBSCRIPTION_URL)),
      prefixes: ['/api/subscription', '/webhooks'],
    },
    {
      name: 'insights',
      replicas: new Replicas(urlList(config.INSIGHTS_URL)),
      prefixes: ['/api/insights'],
      streamedBodies: [{ method: 'POST', path: '/api/insights/:companyId/discovery/uploads' }],
      ownCredentials: ['/api/insights/mcp'],
    },
    { name: 'integrations', replicas: new Replicas(urlList(config.INTEGRATIONS_URL)), prefixes: ['/api/integrations'] },
  ];
  if (config.DEV_MAILBOX_URL && config.NODE_ENV !== 'production') {
    list.push({
      name: 'dev-mailbox',
      replicas: new Replicas(urlList(config.DEV_MAILBOX_URL)),
      prefixes: ['/dev/mailbox'],
    });
  }
  return list;
}

/** Ready when every service has a replica answering its own `/ready` (the dev mailbox is not waited for). */
export function upstreamsReady(upstreams: Upstream[]): () => Promise<void> {
  return async () => {
    const checked = upstreams.filter((u) => u.name !== 'dev-mailbox');
    const results = await Promise.allSettled(
      checked.map((u) =>
        Promise.any(
          u.replicas.urls.map(async (url) => {
            const response = await fetch(new URL('/ready', url), { signal: AbortSignal.timeout(2000) });
            if (!response.ok) throw new Error(u.name);
          }),
        ),
      ),
    );
    const down = results.flatMap((r, i) => (r.status === 'rejected' ? [checked[i].name] : []));
    if (down.length > 0) throw new Error(`Not ready: ${down.join(', ')}`);
  };
}
