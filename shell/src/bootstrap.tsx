import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { analytics, initSession, startDeploymentWatch, useSessionStore, watchCompanyAccess, watchEmailConfirmation } from '@tracemap/shell-core';
import { App } from './app';
import { initRemotes } from './remotes/registry';

// Before the first render: a recovery link is taken out of the URL, and the session state is
// known at once for visitors without a session cookie (the Supabase client loads only if needed).
initSession();
watchEmailConfirmation();
watchCompanyAccess();
initRemotes();
startDeploymentWatch();
// Product analytics: on only after consent, and never with Do Not Track or Global Privacy Control.
analytics({ token: () => useSessionStore.getState().session?.accessToken ?? null }).start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
