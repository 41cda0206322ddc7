import { useState } from 'react';
import { ApiError, authedFetch, getSupabase, navigateTo, resetStores, useNoticeStore } from '@tracemap/shell-core';
import { Button } from '@tracemap/ui';

export const SIGNED_OUT_EVERYWHERE = 'You have been signed out of all devices.';

/** "Sign out of all devices" through POST /api/account/revoke-sessions (this one included). */
export function SessionsSection() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function revoke() {
    setBusy(true);
    setError(null);
    try {
      await authedFetch('/api/account/revoke-sessions', { method: 'POST' });
      useNoticeStore.getState().setNotice(SIGNED_OUT_EVERYWHERE);
      navigateTo('/login');
      await (await getSupabase()).auth.signOut({ scope: 'local' }).catch(() => undefined);
      resetStores();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not sign you out everywhere. Try again later.');
      setBusy(false);
    }
  }
  return (
    <section className="au-section" aria-labelledby="account-sessions-title">
      <h2 id="account-sessions-title">Sessions</h2>
      <p>Signs you out on every browser and device, including this one.</p>
      <Button variant="ghost" onClick={revoke} disabled={busy} data-testid="revoke-sessions">
        Sign out of all devices
      </Button>
      <div role="alert">{error}</div>
    </section>
  );
}
