// Through the package entry: the app that bundles this entry point reads the one shared session.
import { getSupabase, useSessionStore, useUserStore } from '@tracemap/shell-core';

/** The signed-in user's id: from the shared user or session store, otherwise the Supabase session's. */
export async function getCurrentUserId(): Promise<string | null> {
  const known = useUserStore.getState().user?.id ?? useSessionStore.getState().session?.userId;
  if (known) return known;
  if (useSessionStore.getState().status === 'anonymous') return null;
  try {
    const supabase = await getSupabase();
    const { data } = await supabase.auth.getSession();
    return data.session?.user.id ?? null;
  } catch {
    return null;
  }
}
