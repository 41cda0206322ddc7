import type { SupabaseClient } from '@supabase/supabase-js';
import { getAppConfig } from '../config/app-config';

let client: Promise<SupabaseClient> | null = null;

/**
 * The ONE browser Supabase client of the product (DESIGN §2.1). Created lazily from
 * `/app-config.json`; `@supabase/ssr` is loaded on first use so it stays out of the first paint.
 * Session handling is added later (see spec §4 "Login" / "Session events").
 */
export function getSupabase(): Promise<SupabaseClient> {
  if (!client) {
    client = Promise.all([getAppConfig(), import('@supabase/ssr')])
      .then(([config, ssr]) => ssr.createBrowserClient(config.authUrl, config.publicKey) as unknown as SupabaseClient)
      .catch((err: unknown) => {
        client = null;
        throw err;
      });
  }
  return client;
}
