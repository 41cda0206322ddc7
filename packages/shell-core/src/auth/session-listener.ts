// Loaded with the Supabase client (see get-supabase.ts), so the shared parts come through the
// package entry rather than splitting the entry's own code.
import {
  applyAuthEvent,
  establishUser,
  useUserStore,
  type AuthEventName,
  type SessionLike,
} from '@tracemap/shell-core';

const FOLLOWED: ReadonlySet<string> = new Set([
  'INITIAL_SESSION',
  'SIGNED_IN',
  'SIGNED_OUT',
  'TOKEN_REFRESHED',
  'USER_UPDATED',
  'PASSWORD_RECOVERY',
  'MFA_CHALLENGE_VERIFIED',
]);

/**
 * The one `onAuthStateChange` handler of the product. Store updates happen at once; the
 * account sync runs after the callback returns (Supabase holds its lock while calling it).
 */
export function handleAuthChange(event: string, session: SessionLike | null): void {
  if (!FOLLOWED.has(event)) return;
  applyAuthEvent(event as AuthEventName, session);
  if (!session || event === 'SIGNED_OUT' || event === 'PASSWORD_RECOVERY') return;
  const user = useUserStore.getState().user;
  const needsUser = !user || user.id !== session.user?.id || event === 'MFA_CHALLENGE_VERIFIED';
  if (needsUser) setTimeout(() => void establishUser(session.access_token), 0);
}
