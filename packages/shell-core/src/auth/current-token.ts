import { useSessionStore } from '../stores/session-store';
import { getSupabase } from '../supabase/get-supabase';

/** Below this many seconds of validity the token is left for the Supabase client to refresh. */
const MIN_REMAINING_SECONDS = 30;

/**
 * The access token to send now. The shared session (read from the session cookie at boot,
 * then kept current by every auth event) is used while its token is good for a while, so a
 * call never waits for the Supabase client to load or for its storage lock. Near expiry, or
 * before any session is known, the client is asked (it refreshes an expired token first). An
 * anonymous visitor gets null without loading the client.
 */
export async function currentAccessToken(nowSeconds: number = Date.now() / 1000): Promise<string | null> {
  const { status, session } = useSessionStore.getState();
  if (status === 'anonymous') return null;
  if (status === 'authenticated' && session?.expiresAt && session.expiresAt - nowSeconds > MIN_REMAINING_SECONDS)
    return session.accessToken;
  try {
    const client = await getSupabase();
    const { data } = await client.auth.getSession();
    return data.session?.access_token ?? null;
  } catch {
    return session?.accessToken ?? null;
  }
}
