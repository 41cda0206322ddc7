import { useSyncExternalStore } from 'react';
import { NavLink } from 'react-router';
import { logOut, useSessionStore, useUserStore, type AuthStatus } from '@tracemap/shell-core';

const readStatus = () => useSessionStore.getState().status;
// A page's static HTML is written for a first-time visitor, and hydrating it renders the same
// "Log in" before the real session state takes over.
const staticStatus = (): AuthStatus => 'anonymous';

/** Right side of the header: Log in, or the user's email (to /account) and Log out. */
export function AccountMenu() {
  const status = useSyncExternalStore(useSessionStore.subscribe, readStatus, staticStatus);
  const sessionEmail = useSessionStore((s) => s.session?.email);
  const userEmail = useUserStore((s) => s.user?.email);
  if (status === 'unknown') return <span className="sh-account" aria-hidden="true" />;
  if (status === 'anonymous') {
    return (
      <NavLink to="/login" className="sh-login" data-testid="nav-login">
        Log in
      </NavLink>
    );
  }
  const email = userEmail ?? sessionEmail ?? 'Your account';
  return (
    <span className="sh-account">
      <NavLink to="/account" data-testid="nav-account" title="Your account">
        {email}
      </NavLink>
      <button type="button" className="sh-logout" data-testid="nav-logout" onClick={() => void logOut()}>
        Log out
      </button>
    </span>
  );
}
