import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { watchCompanyAccess } from '@tracemap/shell-core';
import { CompanyLayout } from '../company-layout';
import { NotFound } from '../not-found';
import { CompanyPlaceholderPage } from '../pages/company-placeholder';
import { CompanySlackPage } from '../pages/company-slack';
import { CompanyStyles } from '../styles';

// Each page is its own chunk: /company pulls only the list page on first render.
const CompanyListPage = lazy(() => import('../pages/company-list').then((m) => ({ default: m.CompanyListPage })));
const CompanyCreatePage = lazy(() => import('../pages/company-create').then((m) => ({ default: m.CompanyCreatePage })));
const CompanyDashboardPage = lazy(() => import('../pages/company-dashboard').then((m) => ({ default: m.CompanyDashboardPage })));
const CompanyUsersPage = lazy(() => import('../pages/company-users').then((m) => ({ default: m.CompanyUsersPage })));
const CompanySettingsPage = lazy(() => import('../pages/company-settings').then((m) => ({ default: m.CompanySettingsPage })));
const AttributesPage = lazy(() => import('../pages/attributes').then((m) => ({ default: m.AttributesPage })));
const AttributePage = lazy(() => import('../pages/attributes/attribute-page').then((m) => ({ default: m.AttributePage })));
const EventsPage = lazy(() => import('../pages/events').then((m) => ({ default: m.EventsPage })));
const EventPage = lazy(() => import('../pages/events/event-page').then((m) => ({ default: m.EventPage })));
const ViewsPage = lazy(() => import('../pages/views').then((m) => ({ default: m.ViewsPage })));
const ViewPage = lazy(() => import('../pages/views/view-page').then((m) => ({ default: m.ViewPage })));

function Page({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <section className="tm-container co-page" aria-busy="true">
          <p className="co-muted">Loading…</p>
        </section>
      }
    >
      {children}
    </Suspense>
  );
}

/** Routes owned by mfe-company, relative to its prefix `/company`. */
export default function CompanyRoutes() {
  useEffect(() => {
    watchCompanyAccess();
  }, []);
  return (
    <div data-app="mfe-company">
      <CompanyStyles />
      <Routes>
        <Route index element={<Page><CompanyListPage /></Page>} />
        <Route path="create" element={<Page><CompanyCreatePage /></Page>} />
        <Route path="slack" element={<CompanySlackPage />} />
        <Route path=":companyId" element={<CompanyLayout />}>
          <Route index element={<Page><CompanyDashboardPage /></Page>} />
          <Route path="users" element={<Page><CompanyUsersPage /></Page>} />
          <Route path="settings" element={<Page><CompanySettingsPage /></Page>} />
          <Route path="subscription" element={<CompanyPlaceholderPage section="subscription" />} />
          <Route path="analytics-discovery" element={<CompanyPlaceholderPage section="analytics-discovery" />} />
          <Route path="maps" element={<CompanyPlaceholderPage section="maps" />} />
          <Route path="maps/:mapId" element={<CompanyPlaceholderPage section="maps" itemParam="mapId" />} />
          <Route path="views" element={<Page><ViewsPage /></Page>} />
          <Route path="views/:viewId" element={<Page><ViewPage /></Page>} />
          <Route path="attributes" element={<Page><AttributesPage /></Page>} />
          <Route path="attributes/:attributeId" element={<Page><AttributePage /></Page>} />
          <Route path="events" element={<Page><EventsPage /></Page>} />
          <Route path="events/:eventId" element={<Page><EventPage /></Page>} />
          <Route path="*" element={<NotFound />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
