import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { initSession, startDeploymentWatch, watchCompanyAccess, watchEmailConfirmation } from '@tracemap/shell-core';
import { App } from './app';
import { initRemotes } from './remotes/registry';

// Before the first render: a recovery link is taken out of the URL, and the session state is
// known at once for visitors without a session cookie (the Supabase client loads only if needed).
initSession();
watchEmailConfirmation();
watchCompanyAccess();
initRemotes();
startDeploymentWatch();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
