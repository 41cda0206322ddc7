import { useBannerStore } from '@tracemap/shell-core';

/** The global banner list, read from the shared shell-core store that remotes also write. */
export function Banners() {
  const banners = useBannerStore((s) => s.banners);
  const dismiss = useBannerStore((s) => s.dismiss);
  return (
    <div className="sh-banners" data-testid="shell-banners" data-count={banners.length} aria-live="polite">
      {banners.map((b) => (
        <div key={b.id} className="tm-container sh-banner" data-testid="shell-banner" data-banner-id={b.id}>
          <span>{b.message}</span>
          <span>
            {b.action ? <a href={b.action.href}>{b.action.label}</a> : null}
            <button type="button" aria-label="Dismiss" onClick={() => dismiss(b.id)}>
              ×
            </button>
          </span>
        </div>
      ))}
    </div>
  );
}
