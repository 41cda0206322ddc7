import { NavLink, useParams } from 'react-router';
import { PlaceholderPage } from '@tracemap/ui';

export type CompanySection =
  | 'dashboard'
  | 'users'
  | 'settings'
  | 'subscription'
  | 'attributes'
  | 'events'
  | 'views'
  | 'maps'
  | 'analytics-discovery';

const TITLES: Record<CompanySection, { title: string; text: string }> = {
  dashboard: { title: 'Company dashboard', text: 'An overview of your tracking plan: attributes, events, views and maps.' },
  users: { title: 'Members', text: 'Who belongs to this company, their roles and pending invitations.' },
  settings: { title: 'Company settings', text: 'Name and settings of this company.' },
  subscription: { title: 'Subscription', text: 'Your plan, payment method and invoices.' },
  attributes: { title: 'Attributes', text: 'The properties your events and users carry.' },
  events: { title: 'Events', text: 'The events your product tracks, and which attributes they carry.' },
  views: { title: 'Views', text: 'Saved selections of your tracking plan.' },
  maps: { title: 'Maps', text: 'Visual maps of how events flow through your product.' },
  'analytics-discovery': { title: 'Analytics discovery', text: 'Find what your analytics already collects.' },
};

const NAV: CompanySection[] = ['dashboard', 'attributes', 'events', 'views', 'maps', 'users', 'settings', 'subscription'];

/** Every page inside /company/:companyId (detail pages pass `itemParam`). */
export function CompanyAreaPage({ section, itemParam }: { section: CompanySection; itemParam?: string }) {
  const params = useParams();
  const companyId = params.companyId ?? '';
  const item = itemParam ? params[itemParam] : undefined;
  const { title, text } = TITLES[section];
  return (
    <div data-testid="company-area" data-company-id={companyId}>
      <nav className="tm-container" style={{ display: 'flex', gap: 12, flexWrap: 'wrap', paddingTop: 16 }}>
        {NAV.map((s) => (
          <NavLink key={s} to={s === 'dashboard' ? `/company/${companyId}` : `/company/${companyId}/${s}`} end>
            {TITLES[s].title.replace('Company ', '')}
          </NavLink>
        ))}
      </nav>
      <PlaceholderPage
        title={item ? `${title}: ${item}` : title}
        description={text}
        pending="This page arrives with the company and data-model releases."
      />
    </div>
  );
}
