import { Route, Routes } from 'react-router';
import { AdminGuard } from '../admin-guard';
import { NotFound } from '../not-found';
import { AdminCreateCompanyPage } from '../pages/create-company';
import { AdminCreateUserPage } from '../pages/create-user';
import { AdminDashboardPage } from '../pages/dashboard';
import { AdminDebugTestPage } from '../pages/debug-test';
import { AdminEmailPage } from '../pages/email';
import { AdminRoadmapPage } from '../pages/roadmap';

/** Routes owned by mfe-admin, relative to its prefix `/admin`. */
export default function AdminRoutes() {
  return (
    <div data-app="mfe-admin">
      <AdminGuard>
        <Routes>
          <Route index element={<AdminDashboardPage />} />
          <Route path="email" element={<AdminEmailPage />} />
          <Route path="roadmap" element={<AdminRoadmapPage />} />
          <Route path="debug-test" element={<AdminDebugTestPage />} />
          <Route path="create-user" element={<AdminCreateUserPage />} />
          <Route path="create-company" element={<AdminCreateCompanyPage />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </AdminGuard>
    </div>
  );
}
