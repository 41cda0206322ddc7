import { Suspense, useEffect, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { lazyPage, startFirstPage, useFirstPage } from '@tracemap/shell-core/pages';
import { watchCompanyAccess } from '@tracemap/shell-core/company-access';
import { CompanyLayout } from '../company-layout';
import { NotFound } from '../not-found';
import { CompanyPlaceholderPage } from '../companies/placeholder/company-placeholder-page';
import { CompanySlackPage } from '../companies/slack/company-slack-page';
import { CompanyStyles } from '../styles';

// Each page is its own chunk: /company pulls only the list page on first render.
const CompanyListPage = lazyPage(() => import('../companies/list/company-list-page'), (m) => m.CompanyListPage);
const CompanyCreatePage = lazyPage(() => import('../companies/create/company-create-page'), (m) => m.CompanyCreatePage);
const CompanyDashboardPage = lazyPage(() => import('../companies/dashboard/company-dashboard-page'), (m) => m.CompanyDashboardPage);
const CompanyUsersPage = lazyPage(() => import('../companies/users/company-users-page'), (m) => m.CompanyUsersPage);
const CompanySettingsPage = lazyPage(() => import('../companies/settings/company-settings-page'), (m) => m.CompanySettingsPage);
const CompanySubscriptionPage = lazyPage(() => import('../billing/subscription/subscription-page'), (m) => m.CompanySubscriptionPage);
const AttributesPage = lazyPage(() => import('../tracking-plan/pages/attributes/attributes-page'), (m) => m.AttributesPage);
const AttributePage = lazyPage(() => import('../tracking-plan/pages/attributes/attribute-page'), (m) => m.AttributePage);
const EventsPage = lazyPage(() => import('../tracking-plan/pages/events/events-page'), (m) => m.EventsPage);
const EventPage = lazyPage(() => import('../tracking-plan/pages/events/event-page'), (m) => m.EventPage);
const ViewsPage = lazyPage(() => import('../tracking-plan/pages/views/views-page'), (m) => m.ViewsPage);
const ViewPage = lazyPage(() => import('../tracking-plan/pages/views/view-page'), (m) => m.ViewPage);
const MapsPage = lazyPage(() => import('../maps/list/maps-page'), (m) => m.MapsPage);
const MapPage = lazyPage(() => import('../maps/editor/map-page'), (m) => m.MapPage);

// The page the app opens at starts loading with this module, in parallel with its data (see lazyPage).
const ID = '[^/]+';
const firstPage = startFirstPage([
  [/^\/company\/?$/, CompanyListPage],
  [/^\/company\/create\/?$/, CompanyCreatePage],
  [new RegExp(`^/company/${ID}/?$`), CompanyDashboardPage],
  [new RegExp(`^/company/${ID}/users/?$`), CompanyUsersPage],
  [new RegExp(`^/company/${ID}/settings/?$`), CompanySettingsPage],
  [new RegExp(`^/company/${ID}/subscription/?$`), CompanySubscriptionPage],
  [new RegExp(`^/company/${ID}/attributes/?$`), AttributesPage],
  [new RegExp(`^/company/${ID}/events/?$`), EventsPage],
  [new RegExp(`^/company/${ID}/views/?$`), ViewsPage],
  [new RegExp(`^/company/${ID}/maps/?$`), MapsPage],
  [new RegExp(`^/company/${ID}/maps/${ID}/?$`), MapPage],
]);

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
  const ready = useFirstPage(firstPage);
  if (!ready) {
    return (
      <div data-app="mfe-company">
        <section className="tm-container co-page" aria-busy="true">
          <p className="co-muted">Loading…</p>
        </section>
      </div>
    );
  }
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
          <Route path="subscription" element={<Page><CompanySubscriptionPage /></Page>} />
          <Route path="analytics-discovery" element={<CompanyPlaceholderPage section="analytics-discovery" />} />
          <Route path="maps" element={<Page><MapsPage /></Page>} />
          <Route path="maps/:mapId" element={<Page><MapPage /></Page>} />
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
