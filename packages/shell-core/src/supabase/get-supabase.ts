import type { SupabaseClient } from '@supabase/supabase-js';
import { getAppConfig } from '../config/app-config';

let client: Promise<SupabaseClient> | null = null;

/**
 * The ONE browser Supabase client of the product. Created lazily from
 * `/app-config.json`; `@supabase/ssr` and the auth-event handler load on first use, so they stay
 * out of the first paint.
 * Every auth event goes to the shared stores.
 */
export function getSupabase(): Promise<SupabaseClient> {
  if (!client) {
    client = Promise.all([getAppConfig(), import('@supabase/ssr'), import('../auth/session-listener')])
      .then(([config, ssr, listener]) => {
        const created = ssr.createBrowserClient(config.authUrl, config.publicKey) as unknown as SupabaseClient;
        created.auth.onAuthStateChange((event, session) => listener.handleAuthChange(event, session));
        return created;
      })
      .catch((err: unknown) => {
        client = null;
        throw err;
      });
  }
  return client;
}
