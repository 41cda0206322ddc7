import type { FetchFn } from '../api/api-fetch';

/** Runtime config served by the gateway at `/app-config.json`. */
export interface AppConfig {
  authUrl: string;
  publicKey: string;
}

let pending: Promise<AppConfig> | null = null;

/** Fetches `/app-config.json` once per page (a failed fetch is retried on the next call). */
export function getAppConfig(fetchFn: FetchFn = (i, init) => fetch(i, init)): Promise<AppConfig> {
  if (!pending) {
    pending = fetchFn('/app-config.json', { cache: 'no-store', headers: { accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`app-config.json answered ${res.status}`);
        const body = (await res.json()) as Partial<AppConfig>;
        if (typeof body.authUrl !== 'string' || typeof body.publicKey !== 'string') {
          throw new Error('app-config.json must hold { authUrl, publicKey }');
        }
        return { authUrl: body.authUrl, publicKey: body.publicKey };
      })
      .catch((err: unknown) => {
        pending = null;
        throw err;
      });
  }
  return pending;
}
