import { useEffect, useState } from 'react';
import type { AccessToken, AccessTokenList, CreatedAccessToken } from '@tracemap/contracts';
import { ApiError, authedFetch } from '@tracemap/shell-core';
import { CreateTokenForm } from './create-token-form';
import { NewTokenNotice } from './new-token-notice';
import { TokenList } from './token-list';
import { mcpUrl, type MyCompany } from './token-view';

type Loaded = { tokens: AccessToken[]; companies: MyCompany[] };

/**
 * Personal access tokens for MCP clients: each reads one of the user's companies with the
 * assistant's read-only tools, with the user's role there.
 */
export function AccessTokensSection() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([
      authedFetch<AccessTokenList>('/api/insights/access-tokens'),
      authedFetch<{ companies: MyCompany[] }>('/api/company/mine'),
    ])
      .then(([list, mine]) => live && setLoaded({ tokens: list.tokens, companies: mine.companies }))
      .catch((err) => {
        if (live) setLoadError(err instanceof ApiError ? err.message : 'Could not load your access tokens.');
      });
    return () => {
      live = false;
    };
  }, []);

  const url = mcpUrl(window.location.origin);
  return (
    <section className="au-section" aria-labelledby="account-tokens-title" data-testid="access-tokens-section">
      <h2 id="account-tokens-title">Personal access tokens</h2>
      <p>
        Let an AI client that speaks MCP read a company&apos;s tracking plan and discovery findings with the
        assistant&apos;s read-only tools, as you. Connect it to <span className="au-secret">{url}</span> with the header{' '}
        <span className="au-secret">Authorization: Bearer &lt;token&gt;</span>.
      </p>
      {created ? <NewTokenNotice created={created} onDismiss={() => setCreated(null)} /> : null}
      {loaded ? (
        <>
          <TokenList
            tokens={loaded.tokens}
            companies={loaded.companies}
            onRevoked={(id) => setLoaded((now) => now && { ...now, tokens: now.tokens.filter((t) => t.id !== id) })}
          />
          <CreateTokenForm
            companies={loaded.companies}
            onCreated={(made) => {
              setCreated(made);
              setLoaded((now) => now && { ...now, tokens: [made.token, ...now.tokens] });
            }}
          />
        </>
      ) : (
        <div role="alert">{loadError}</div>
      )}
    </section>
  );
}
