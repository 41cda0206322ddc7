import { lazy, Suspense, useState } from 'react';
import type { SupportKind } from './support-form';
import { supportCss } from './styles';

// The form and its client load on first use: every page shows the two buttons, few open them.
const SupportForm = lazy(() => import('./support-form').then((m) => ({ default: m.SupportForm })));

/**
 * The two buttons and, once one is pressed, its form. Not inside a frame: an embedded map on
 * someone else's site shows the map only.
 */
export default function Launcher() {
  const [open, setOpen] = useState<SupportKind | null>(null);
  if (window.self !== window.top) return null;
  return (
    <aside className="sh-support" aria-label="Support" data-testid="support-launcher">
      <style href="shell-support" precedence="default">
        {supportCss}
      </style>
      {open && (
        <div className="sh-support__panel" role="dialog" aria-label={open === 'bug' ? 'Report a bug' : 'Send feedback'}>
          <Suspense fallback={<p className="sh-support__loading">Loading…</p>}>
            <SupportForm key={open} kind={open} onClose={() => setOpen(null)} />
          </Suspense>
        </div>
      )}
      <div className="sh-support__launchers">
        <button
          type="button"
          className="sh-support__launch"
          data-testid="support-open-feedback"
          onClick={() => setOpen(open === 'feedback' ? null : 'feedback')}
        >
          Feedback
        </button>
        <button
          type="button"
          className="sh-support__launch"
          data-testid="support-open-bug"
          onClick={() => setOpen(open === 'bug' ? null : 'bug')}
        >
          Report a bug
        </button>
      </div>
    </aside>
  );
}
