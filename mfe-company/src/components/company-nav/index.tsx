import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { ROLE_LABELS } from '@tracemap/shell-core/roles';
import { type CompanyRole } from '@tracemap/shell-core';

const LINKS: { path: string; label: string }[] = [
  { path: '', label: 'Dashboard' },
  { path: 'attributes', label: 'Attributes' },
  { path: 'events', label: 'Events' },
  { path: 'views', label: 'Views' },
  { path: 'maps', label: 'Maps' },
  { path: 'analytics-discovery', label: 'Analytics discovery' },
  { path: 'assistant', label: 'Assistant' },
  { path: 'users', label: 'Members' },
  { path: 'settings', label: 'Settings' },
  { path: 'subscription', label: 'Subscription' },
];

/** The company's name, role and sections; `children` sit at the end of the name's line (e.g. the assistant's opener). */
export function CompanyNav({
  companyId,
  name,
  role,
  children,
}: {
  companyId: string;
  name: string;
  role: CompanyRole;
  children?: ReactNode;
}) {
  const base = `/company/${companyId}`;
  return (
    <div className="tm-container">
      <div className="co-title-row">
        <p style={{ margin: 0 }}>
          <strong data-testid="company-name">{name}</strong>{' '}
          <span className="co-role" data-testid="company-role">
            {ROLE_LABELS[role]}
          </span>
        </p>
        {children}
      </div>
      <nav className="co-nav" aria-label="Company">
        {LINKS.map((l) => (
          <NavLink
            key={l.path}
            to={l.path ? `${base}/${l.path}` : base}
            end={!l.path}
            data-testid={`company-nav-${l.path || 'dashboard'}`}
          >
            {l.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
