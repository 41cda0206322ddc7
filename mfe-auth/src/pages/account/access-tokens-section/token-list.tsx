import { useState } from 'react';
import type { AccessToken } from '@tracemap/contracts';
import { ApiError, authedFetch } from '@tracemap/shell-core';
import { Button } from '@tracemap/ui';
import { companyLabel, formatDay, lastUsedLabel, type MyCompany } from './token-view';

/** The user's tokens (never their secrets), each revocable through DELETE /api/insights/access-tokens/:id. */
export function TokenList({
  tokens,
  companies,
  onRevoked,
}: {
  tokens: readonly AccessToken[];
  companies: readonly MyCompany[];
  onRevoked: (tokenId: string) => void;
}) {
  const [revoking, setRevoking] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function revoke(token: AccessToken) {
    if (!window.confirm(`Revoke "${token.name}"? Tools using it stop working at once.`)) return;
    setRevoking(token.id);
    setError(null);
    try {
      await authedFetch(`/api/insights/access-tokens/${encodeURIComponent(token.id)}`, { method: 'DELETE' });
      onRevoked(token.id);
    } catch (err) {
      // Already gone (revoked in another tab): it is gone here too.
      if (err instanceof ApiError && err.statusCode === 404) onRevoked(token.id);
      else setError(err instanceof ApiError ? err.message : 'Could not revoke the token. Try again later.');
    } finally {
      setRevoking(null);
    }
  }

  if (tokens.length === 0) return <p className="au-hint">You have no access tokens.</p>;
  return (
    <>
      <ul className="au-tokens" data-testid="access-token-list">
        {tokens.map((token) => (
          <li key={token.id} data-testid="access-token-row">
            <div>
              <strong>{token.name}</strong> · {companyLabel(companies, token.companyId)}
              <p className="au-hint">
                <span className="au-secret">{token.prefix}…</span> · created {formatDay(token.createdAt)} ·{' '}
                {lastUsedLabel(token)}
              </p>
            </div>
            <Button
              type="button"
              variant="ghost"
              disabled={revoking === token.id}
              onClick={() => revoke(token)}
              data-testid="access-token-revoke"
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      <div role="alert">{error}</div>
    </>
  );
}
