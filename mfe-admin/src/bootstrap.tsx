import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Route, Routes } from 'react-router';
import { initSession, useBannerStore } from '@tracemap/shell-core';
import { UiStyles } from '@tracemap/ui';
import AdminRoutes from './routes';

/** Standalone development entry (npm run dev -w mfe-admin); in production the shell loads ./routes. */
function Standalone() {
  const banners = useBannerStore((s) => s.banners);
  return (
    <>
      <UiStyles />
      <nav className="tm-container" style={{ padding: '12px 24px', display: 'flex', gap: 16 }}>
        <strong>mfe-admin (standalone)</strong>
        <Link to="/admin">Admin</Link>
        <Link to="/admin/debug-test">Debug test</Link>
        <span>{banners.map((b) => b.message).join(' · ')}</span>
      </nav>
      <Routes>
        <Route path="/admin/*" element={<AdminRoutes />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </>
  );
}

initSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Standalone />
    </BrowserRouter>
  </StrictMode>,
);
