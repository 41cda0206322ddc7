import { retryUserLoad, useSessionStore, useUserStore } from '@tracemap/shell-core';
import { Button } from '@tracemap/ui';

/** Shown while the signed-in user is loading; a failed sync gets its message and a Retry. */
export function UserLoading() {
  const sessionEmail = useSessionStore((s) => s.session?.email);
  const loadError = useUserStore((s) => s.loadError);
  if (loadError) {
    return (
      <div role="alert" data-testid="account-load-error">
        <p className="au-status au-status--error">{loadError}</p>
        <Button variant="ghost" onClick={() => void retryUserLoad()}>
          Retry
        </Button>
      </div>
    );
  }
  return (
    <p aria-busy="true" data-testid="account-loading">
      Loading your account{sessionEmail ? ` (${sessionEmail})` : ''}…
    </p>
  );
}
