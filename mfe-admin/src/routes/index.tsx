import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { MFE_ADMIN, relativeRoutes, type ManifestPage } from '@tracemap/contracts';
import { AdminGuard } from '../admin-guard';
import { NotFound } from '../not-found';
import { AdminCreateCompanyPage } from '../pages/create-company';
import { AdminCreateUserPage } from '../pages/create-user';
import { AdminDashboardPage } from '../pages/dashboard';
import { AdminDebugTestPage } from '../pages/debug-test';
import { AdminEmailPage } from '../pages/email';
import { AdminRoadmapPage } from '../pages/roadmap';

// One element per page the micro-frontends manifest lists for this module; the paths come from there.
const PAGES: Record<ManifestPage<'mfe_admin', './routes'>, ReactElement> = {
  '/admin': <AdminDashboardPage />,
  '/admin/email': <AdminEmailPage />,
  '/admin/roadmap': <AdminRoadmapPage />,
  '/admin/debug-test': <AdminDebugTestPage />,
  '/admin/create-user': <AdminCreateUserPage />,
  '/admin/create-company': <AdminCreateCompanyPage />,
};
const ROUTES = relativeRoutes(MFE_ADMIN, './routes', PAGES);

/** Routes owned by mfe-admin, relative to its base `/admin`. */
export default function AdminRoutes() {
  return (
    <div data-app="mfe-admin">
      <AdminGuard>
        <Routes>
          {ROUTES.map(({ page, path, element }) => (
            <Route key={page} path={path} element={element} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </AdminGuard>
    </div>
  );
}
