import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES, useSessionStore, useUserStore } from '@tracemap/shell-core';
import { ErrorPage } from '@tracemap/ui';

export const ADMIN_ONLY_MESSAGE = 'You do not have access to this page.';

/**
 * Second line of the /admin gate (the shell checks first): only product admins
 * (`anamap_admin` from the account sync) see admin pages; others get the error page.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const status = useSessionStore((s) => s.status);
  const user = useUserStore((s) => s.user);
  const navigate = useNavigate();
  const goHome = () => navigate('/');
  if (status === 'anonymous') return <ErrorPage status={401} message={MESSAGES.notLoggedIn} onGoHome={goHome} />;
  if (!user) {
    return (
      <section className="tm-page tm-container" aria-busy="true">
        <p>Loading your account…</p>
      </section>
    );
  }
  if (!user.isAdmin) return <ErrorPage status={403} message={ADMIN_ONLY_MESSAGE} onGoHome={goHome} />;
  return <>{children}</>;
}
