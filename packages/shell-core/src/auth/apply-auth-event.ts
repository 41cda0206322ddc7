import { resetStores } from '../stores/reset-stores';
import { useSessionStore, type AuthEventName, type SessionInfo } from '../stores/session-store';
import { useUserStore } from '../stores/user-store';

/** The part of a Supabase session the shell reads. */
export interface SessionLike {
  access_token: string;
  expires_at?: number;
  user?: { id: string; email?: string | null; email_confirmed_at?: string | null } | null;
}

/** Reads `aal` from an access token without verifying it (display only; services verify). */
export function tokenAal(accessToken: string): string | undefined {
  try {
    const payload = accessToken.split('.')[1];
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { aal?: unknown };
    return typeof json.aal === 'string' ? json.aal : undefined;
  } catch {
    return undefined;
  }
}

export function toSessionInfo(session: SessionLike): SessionInfo {
  return {
    accessToken: session.access_token,
    expiresAt: session.expires_at,
    userId: session.user?.id,
    email: session.user?.email ?? undefined,
    aal: tokenAal(session.access_token),
  };
}

/**
 * Every auth change updates the shared session (and the user's
 * email and confirmation, which the provider owns). Signing out, or any event without a
 * session, clears every store.
 */
export function applyAuthEvent(event: AuthEventName, session: SessionLike | null): void {
  if (!session || event === 'SIGNED_OUT') {
    resetStores();
    return;
  }
  const sessionStore = useSessionStore.getState();
  sessionStore.setSession(toSessionInfo(session), event);
  if (event === 'PASSWORD_RECOVERY') sessionStore.setRecovery(true);
  const authUser = session.user;
  const { user, patchUser } = useUserStore.getState();
  if (authUser && user && user.id === authUser.id) {
    const patch: { email?: string; emailConfirmed?: boolean } = {};
    if (authUser.email && authUser.email !== user.email) patch.email = authUser.email;
    if (authUser.email_confirmed_at && !user.emailConfirmed) patch.emailConfirmed = true;
    if (Object.keys(patch).length) patchUser(patch);
  } else if (user && authUser && user.id !== authUser.id) {
    // Another account signed in (e.g. in another tab): the old user's data must go.
    useUserStore.getState().reset();
  }
}
