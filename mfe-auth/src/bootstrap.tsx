import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { UiStyles } from '@tracemap/ui';
import AccountRoutes from './account-routes';
import AuthRoutes from './routes';

/** Standalone development entry (npm run dev -w mfe-auth); in production the shell loads ./routes and ./account. */
function Standalone() {
  return (
    <>
      <UiStyles />
      <nav className="tm-container" style={{ padding: '12px 24px', display: 'flex', gap: 16 }}>
        <strong>mfe-auth (standalone)</strong>
        <Link to="/login">Login</Link>
        <Link to="/register">Register</Link>
        <Link to="/forgot-password">Forgot password</Link>
        <Link to="/account">Account</Link>
      </nav>
      <Routes>
        <Route path="/account/*" element={<AccountRoutes />} />
        <Route path="/*" element={<AuthRoutes />} />
      </Routes>
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Standalone />
    </BrowserRouter>
  </StrictMode>,
);
