import { NavLink } from 'react-router';
import { logOut, useSessionStore, useUserStore } from '@tracemap/shell-core';

/** Right side of the header: Log in, or the user's email (to /account) and Log out. */
export function AccountMenu() {
  const status = useSessionStore((s) => s.status);
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
