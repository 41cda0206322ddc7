import { useBannerStore } from '../stores/banner-state';
import { loadSavedAccount, watchSavedAccount } from '../stores/saved-account';
import { useSessionStore } from '../stores/session-store';
import { useUserStore } from '../stores/user-store';
import { getSupabase } from '../supabase/get-supabase';
import { toSessionInfo } from './apply-auth-event';
import { hasAuthCallback, hasAuthCookie, readCookieSession } from './auth-cookie';
import { establishUser } from './user-loader';
import { captureRecoveryFragment, RECOVERY_LINK_PATH } from './recovery';

let started = false;
let landing: { pathname: string; search: string; hash: string } | null = null;

/**
 * The address the page was opened with, before the Supabase client removed `?code=` (PKCE
 * redirect) from it. Auth landing pages read their parameters from here.
 */
export function landingLocation(): { pathname: string; search: string; hash: string } {
  return landing ?? { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash };
}

/**
 * Boot-time session wiring, called by the shell before its first render. A visitor without a
 * session cookie (and no auth redirect in the URL) is anonymous at once and the Supabase client
 * is not loaded; otherwise the client is created and its INITIAL_SESSION event fills the stores.
 */
export function initSession(): void {
  if (started) return;
  started = true;
  const { pathname, search, hash } = window.location;
  landing = { pathname, search, hash };
  watchSavedAccount();
  if (captureRecoveryFragment(hash)) {
    window.history.replaceState(null, '', RECOVERY_LINK_PATH);
  } else if (pathname === '/' && hash) {
    const params = new URLSearchParams(hash.slice(1));
    const description = params.get('error_description');
    if (description) {
      useBannerStore.getState().show({ id: 'auth-link-error', message: description, tone: 'warning' });
      window.history.replaceState(null, '', `${pathname}${search}`);
    }
  }
  const loadClient = () =>
    getSupabase().catch((error: unknown) => {
      console.warn('[shell-core] sign-in service unavailable', error);
      useSessionStore.getState().setSession(null);
    });
  const cookieSession = hasAuthCallback(window.location.search, window.location.hash)
    ? null
    : readCookieSession(document.cookie);
  if (cookieSession) {
    // Render at once from the cookie: the account saved by the last visit shows while the
    // sync, started now with the cookie's token, runs. The client (≈55 KiB) is not needed for
    // either; it loads when a token nears expiry or once the page has settled, and from then
    // on owns refresh and the session events (it finds the user loaded and does not sync again).
    useSessionStore.getState().setSession(toSessionInfo(cookieSession));
    const saved = loadSavedAccount(cookieSession.user?.id);
    if (saved) useUserStore.getState().restoreUser(saved);
    void establishUser(cookieSession.access_token);
    afterPageSettled(() => void loadClient());
  } else if (hasAuthCookie(document.cookie) || hasAuthCallback(window.location.search, window.location.hash)) {
    void loadClient();
  } else {
    useSessionStore.getState().setSession(null);
  }
}

const SETTLE_MS = 2000;

function afterPageSettled(run: () => void): void {
  const schedule = () => setTimeout(run, SETTLE_MS);
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}
