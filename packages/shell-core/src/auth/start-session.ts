import { useBannerStore } from '../stores/banner-store';
import { useSessionStore } from '../stores/session-store';
import { getSupabase } from '../supabase/get-supabase';
import { hasAuthCallback, hasAuthCookie } from './auth-cookie';
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
  if (hasAuthCookie(document.cookie) || hasAuthCallback(window.location.search, window.location.hash)) {
    getSupabase().catch((error: unknown) => {
      console.warn('[shell-core] sign-in service unavailable', error);
      useSessionStore.getState().setSession(null);
    });
  } else {
    useSessionStore.getState().setSession(null);
  }
}
