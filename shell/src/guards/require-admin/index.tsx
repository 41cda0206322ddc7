import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { retryUserLoad, useUserStore } from '@tracemap/shell-core';
import { Button, ErrorPage } from '@tracemap/ui';
import { RequireAuth } from '../require-auth';

export const ADMIN_ONLY_MESSAGE = 'You do not have access to this page.';

function AdminOnly({ children }: { children: ReactNode }) {
  const user = useUserStore((s) => s.user);
  const loadError = useUserStore((s) => s.loadError);
  const navigate = useNavigate();
  if (!user && loadError) {
    return (
      <section className="tm-page tm-container" role="alert">
        <p>{loadError}</p>
        <Button onClick={() => void retryUserLoad()}>Retry</Button>
      </section>
    );
  }
  if (!user) {
    return (
      <section className="tm-page tm-container" aria-busy="true" data-testid="auth-checking">
        <p>Loading your account…</p>
      </section>
    );
  }
  if (!user.isAdmin) return <ErrorPage status={403} message={ADMIN_ONLY_MESSAGE} onGoHome={() => navigate('/')} />;
  return <>{children}</>;
}

/** /admin: signed in and a product admin (`anamap_admin` from sync); others see the 403 page. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  return (
    <RequireAuth>
      <AdminOnly>{children}</AdminOnly>
    </RequireAuth>
  );
}
