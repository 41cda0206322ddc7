import { useSessionStore } from '../stores/session-store';
import { getSupabase } from '../supabase/get-supabase';

/**
 * The access token to send now. When signed in, the Supabase client is asked (it refreshes an
 * expired token first); an anonymous visitor gets null without loading the client.
 */
export async function currentAccessToken(): Promise<string | null> {
  const { status, session } = useSessionStore.getState();
  if (status === 'anonymous') return null;
  try {
    const client = await getSupabase();
    const { data } = await client.auth.getSession();
    return data.session?.access_token ?? null;
  } catch {
    return session?.accessToken ?? null;
  }
}
