import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { initSession } from '@tracemap/shell-core';
import { startAfterFirstPage } from './after-first-page';
import { App } from './app';
import { hasStaticHtml, loadPageCode, reportHydrationError } from './hydration';
import { initRemotes } from './remotes/registry';

// Before the first render: a recovery link is taken out of the URL, and the session state is
// known at once for visitors without a session cookie (the Supabase client loads only if needed).
initSession();
initRemotes();
startAfterFirstPage();

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// Public pages arrive as static HTML of this same app: React attaches to that markup instead of
// replacing it, so what the visitor already sees stays on screen and simply becomes interactive.
if (hasStaticHtml(container)) {
  void loadPageCode(window.location.pathname).then(() =>
    hydrateRoot(container, app, { onRecoverableError: reportHydrationError }),
  );
} else {
  createRoot(container).render(app);
}
