import { Suspense, useEffect, type ReactElement, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { MFE_COMPANY, relativeRoutes, type ManifestPage } from '@tracemap/contracts';
import { lazyPage, startFirstPage, useFirstPage } from '@tracemap/shell-core/pages';
import { watchCompanyAccess } from '@tracemap/shell-core/company-access';
import { CompanyLayout } from '../company-layout';
import { NotFound } from '../not-found';
import { CompanySlackPage } from '../slack/company-slack-page';
import { CompanyStyles } from '../styles';

// Each page is its own chunk: /company pulls only the list page on first render.
const CompanyListPage = lazyPage(
  () => import('../companies/list/company-list-page'),
  (m) => m.CompanyListPage,
);
const CompanyCreatePage = lazyPage(
  () => import('../companies/create/company-create-page'),
  (m) => m.CompanyCreatePage,
);
const CompanyDashboardPage = lazyPage(
  () => import('../companies/dashboard/company-dashboard-page'),
  (m) => m.CompanyDashboardPage,
);
const CompanyUsersPage = lazyPage(
  () => import('../companies/users/company-users-page'),
  (m) => m.CompanyUsersPage,
);
const CompanySettingsPage = lazyPage(
  () => import('../companies/settings/company-settings-page'),
  (m) => m.CompanySettingsPage,
);
const DestinationsPage = lazyPage(
  () => import('../destinations/destinations-page'),
  (m) => m.DestinationsPage,
);
const CompanySubscriptionPage = lazyPage(
  () => import('../billing/subscription/subscription-page'),
  (m) => m.CompanySubscriptionPage,
);
const AttributesPage = lazyPage(
  () => import('../tracking-plan/pages/attributes/attributes-page'),
  (m) => m.AttributesPage,
);
const AttributePage = lazyPage(
  () => import('../tracking-plan/pages/attributes/attribute-page'),
  (m) => m.AttributePage,
);
const EventsPage = lazyPage(
  () => import('../tracking-plan/pages/events/events-page'),
  (m) => m.EventsPage,
);
const EventPage = lazyPage(
  () => import('../tracking-plan/pages/events/event-page'),
  (m) => m.EventPage,
);
const ViewsPage = lazyPage(
  () => import('../tracking-plan/pages/views/views-page'),
  (m) => m.ViewsPage,
);
const ViewPage = lazyPage(
  () => import('../tracking-plan/pages/views/view-page'),
  (m) => m.ViewPage,
);
const MapsPage = lazyPage(
  () => import('../maps/list/maps-page'),
  (m) => m.MapsPage,
);
const MapPage = lazyPage(
  () => import('../maps/editor/map-page'),
  (m) => m.MapPage,
);
const ProposalsPage = lazyPage(
  () => import('../proposals/proposals-page'),
  (m) => m.ProposalsPage,
);
const ProposalPage = lazyPage(
  () => import('../proposals/proposal-page'),
  (m) => m.ProposalPage,
);
const PlanVersionsPage = lazyPage(
  () => import('../proposals/plan-versions-page'),
  (m) => m.PlanVersionsPage,
);
const AssistantPage = lazyPage(
  () => import('../assistant/pages/assistant-page'),
  (m) => m.AssistantPage,
);
const AnalyticsDiscoveryPage = lazyPage(
  () => import('../analytics-discovery/pages/analytics-discovery-page'),
  (m) => m.AnalyticsDiscoveryPage,
);

// The page the app opens at starts loading with this module, in parallel with its data (see lazyPage).
const ID = '[^/]+';
const firstPage = startFirstPage([
  [/^\/company\/?$/, CompanyListPage],
  [/^\/company\/create\/?$/, CompanyCreatePage],
  [new RegExp(`^/company/${ID}/?$`), CompanyDashboardPage],
  [new RegExp(`^/company/${ID}/users/?$`), CompanyUsersPage],
  [new RegExp(`^/company/${ID}/settings/?$`), CompanySettingsPage],
  [new RegExp(`^/company/${ID}/settings/destinations/?$`), DestinationsPage],
  [new RegExp(`^/company/${ID}/subscription/?$`), CompanySubscriptionPage],
  [new RegExp(`^/company/${ID}/attributes/?$`), AttributesPage],
  [new RegExp(`^/company/${ID}/events/?$`), EventsPage],
  [new RegExp(`^/company/${ID}/views/?$`), ViewsPage],
  [new RegExp(`^/company/${ID}/maps/?$`), MapsPage],
  [new RegExp(`^/company/${ID}/maps/${ID}/?$`), MapPage],
  [new RegExp(`^/company/${ID}/proposals/?$`), ProposalsPage],
  [new RegExp(`^/company/${ID}/proposals/${ID}/?$`), ProposalPage],
  [new RegExp(`^/company/${ID}/plan-versions/?$`), PlanVersionsPage],
  [new RegExp(`^/company/${ID}/analytics-discovery/?$`), AnalyticsDiscoveryPage],
  [new RegExp(`^/company/${ID}/assistant/?$`), AssistantPage],
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

type CompanyPage = ManifestPage<'mfe_company', './routes'>;

// One element per page the micro-frontends manifest lists for this module; the paths come from there.
const PAGES: Record<CompanyPage, ReactElement> = {
  '/company': (
    <Page>
      <CompanyListPage />
    </Page>
  ),
  '/company/create': (
    <Page>
      <CompanyCreatePage />
    </Page>
  ),
  '/company/slack': <CompanySlackPage />,
  '/company/:companyId': (
    <Page>
      <CompanyDashboardPage />
    </Page>
  ),
  '/company/:companyId/users': (
    <Page>
      <CompanyUsersPage />
    </Page>
  ),
  '/company/:companyId/settings': (
    <Page>
      <CompanySettingsPage />
    </Page>
  ),
  '/company/:companyId/settings/destinations': (
    <Page>
      <DestinationsPage />
    </Page>
  ),
  '/company/:companyId/subscription': (
    <Page>
      <CompanySubscriptionPage />
    </Page>
  ),
  '/company/:companyId/analytics-discovery': (
    <Page>
      <AnalyticsDiscoveryPage />
    </Page>
  ),
  '/company/:companyId/assistant': (
    <Page>
      <AssistantPage />
    </Page>
  ),
  '/company/:companyId/maps': (
    <Page>
      <MapsPage />
    </Page>
  ),
  '/company/:companyId/maps/:mapId': (
    <Page>
      <MapPage />
    </Page>
  ),
  '/company/:companyId/proposals': (
    <Page>
      <ProposalsPage />
    </Page>
  ),
  '/company/:companyId/proposals/:proposalId': (
    <Page>
      <ProposalPage />
    </Page>
  ),
  '/company/:companyId/plan-versions': (
    <Page>
      <PlanVersionsPage />
    </Page>
  ),
  '/company/:companyId/views': (
    <Page>
      <ViewsPage />
    </Page>
  ),
  '/company/:companyId/views/:viewId': (
    <Page>
      <ViewPage />
    </Page>
  ),
  '/company/:companyId/attributes': (
    <Page>
      <AttributesPage />
    </Page>
  ),
  '/company/:companyId/attributes/:attributeId': (
    <Page>
      <AttributePage />
    </Page>
  ),
  '/company/:companyId/events': (
    <Page>
      <EventsPage />
    </Page>
  ),
  '/company/:companyId/events/:eventId': (
    <Page>
      <EventPage />
    </Page>
  ),
};
// A company's pages sit inside its layout, relative to the company.
const COMPANY: CompanyPage = '/company/:companyId';
const IN_COMPANY = relativeRoutes(MFE_COMPANY, './routes', PAGES, COMPANY);
const ALL = relativeRoutes(MFE_COMPANY, './routes', PAGES);
const COMPANY_PATH = ALL.find(({ page }) => page === COMPANY)?.path;
const OUTSIDE_COMPANY = ALL.filter(({ page }) => !IN_COMPANY.some((inside) => inside.page === page));

/** Routes owned by mfe-company, relative to its base `/company`. */
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
        {OUTSIDE_COMPANY.map(({ page, path, element }) => (
          <Route key={page} path={path} element={element} />
        ))}
        <Route path={COMPANY_PATH} element={<CompanyLayout />}>
          {IN_COMPANY.map(({ page, path, element }) => (
            <Route key={page} path={path} element={element} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
