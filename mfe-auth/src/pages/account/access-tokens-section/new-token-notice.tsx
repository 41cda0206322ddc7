import { useState } from 'react';
import type { CreatedAccessToken } from '@tracemap/contracts';
import { Button } from '@tracemap/ui';

/** The new token's secret, shown this once: the server keeps only its hash. */
export function NewTokenNotice({ created, onDismiss }: { created: CreatedAccessToken; onDismiss: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }
  return (
    <div className="au-status au-status--ok au-token-new" data-testid="access-token-created">
      <p>
        <strong>{created.token.name}</strong> is ready. Copy it now: it will not be shown again.
      </p>
      <p className="au-secret" data-testid="access-token-secret">
        {created.secret}
      </p>
      <div className="au-links">
        <Button type="button" onClick={copy} data-testid="access-token-copy">
          {copied === 'yes' ? 'Copied' : 'Copy token'}
        </Button>
        <Button type="button" variant="ghost" onClick={onDismiss}>
          Done
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {copied === 'failed' ? 'Could not copy: select the token and copy it yourself.' : null}
      </div>
    </div>
  );
}
