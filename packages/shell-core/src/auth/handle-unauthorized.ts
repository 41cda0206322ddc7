import { MESSAGES } from '@tracemap/contracts';
import { resetStores } from '../stores/reset-stores';
import { useNoticeStore } from '../stores/notice-store';
import { getSupabase } from '../supabase/get-supabase';
import { navigateTo } from './navigation';
import { loginPathFor } from './redirect';

/** A 401 from the API: clear auth state, reset all stores, go to /login (back here after). */
export async function handleUnauthorized(message: string = MESSAGES.sessionExpired): Promise<void> {
  // Read before signing out: the shell's guard may already move to /login on the state change.
  const here = `${window.location.pathname}${window.location.search}`;
  useNoticeStore.getState().setNotice(message || MESSAGES.sessionExpired);
  try {
    const client = await getSupabase();
    await client.auth.signOut({ scope: 'local' });
  } catch {
    // Local state is cleared below whatever the client says.
  }
  resetStores();
  navigateTo(loginPathFor(here), { replace: true });
}
