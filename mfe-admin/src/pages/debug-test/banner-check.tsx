import { useState } from 'react';
import { useBannerStore } from '@tracemap/shell-core';
import { Button } from '@tracemap/ui';

/**
 * Proves that shell-core is ONE shared singleton: this remote writes a banner into the shared
 * banner store and the shell header (a different build) shows it.
 */
export function BannerCheck() {
  const [text, setText] = useState('Hello from mfe-admin');
  const show = useBannerStore((s) => s.show);
  const reset = useBannerStore((s) => s.reset);
  const count = useBannerStore((s) => s.banners.length);
  return (
    <div className="adm-section">
      <h2>Shared state</h2>
      <p>Writes to the shared banner store from the admin remote; the banner appears in the shell header.</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          show({ id: 'debug-test', message: text, tone: 'info' });
        }}
        style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <label>
          Banner text{' '}
          <input
            data-testid="debug-banner-input"
            value={text}
            onChange={(e) => setText(e.target.value)}
            style={{ padding: 8 }}
          />
        </label>
        <Button type="submit" data-testid="debug-banner-submit">
          Show banner in the shell
        </Button>
        <Button variant="ghost" onClick={reset} data-testid="debug-banner-clear">
          Clear banners
        </Button>
      </form>
      <p data-testid="debug-banner-count">Banners in the shared store: {count}</p>
    </div>
  );
}
