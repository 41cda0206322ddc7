import { resetStores } from '../stores/reset-stores';
import { getSupabase } from '../supabase/get-supabase';
import { invalidateSync } from './account-api';
import { forgetEstablishedUser } from './user-loader';
import { navigateTo } from './navigation';

/** Logout ends this session, clears everything and goes to /. */
export async function logOut(): Promise<void> {
  // Leave the protected page first, so no guard sends the user to /login on the way out.
  navigateTo('/');
  try {
    const client = await getSupabase();
    await client.auth.signOut({ scope: 'local' });
  } catch {
    // Local state goes regardless.
  }
  invalidateSync();
  forgetEstablishedUser();
  resetStores();
  // The router may have dropped the first move while the page was still settling; the user
  // must end up on / whatever happened on the way.
  if (typeof window !== 'undefined' && window.location.pathname !== '/') navigateTo('/', { replace: true });
}
