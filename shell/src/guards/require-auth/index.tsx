import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathFor, useSessionStore } from '@tracemap/shell-core';

/**
 * Protected areas (/account, /company, /admin): an anonymous visitor goes to
 * /login?redirect=<this path>; while the session is still being read, a short placeholder shows.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useSessionStore((s) => s.status);
  const { pathname, search } = useLocation();
  if (status === 'unknown') {
    return (
      <section className="tm-page tm-container" aria-busy="true" data-testid="auth-checking">
        <p>Checking your session…</p>
      </section>
    );
  }
  if (status === 'anonymous') return <Navigate to={loginPathFor(`${pathname}${search}`)} replace />;
  return <>{children}</>;
}
