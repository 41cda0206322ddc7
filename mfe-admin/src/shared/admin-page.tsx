import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { adminCss } from './styles';

const NAV = [
  { to: '/admin', label: 'Overview', end: true },
  { to: '/admin/email', label: 'Emails' },
  { to: '/admin/roadmap', label: 'Roadmap' },
  { to: '/admin/create-user', label: 'Create user' },
  { to: '/admin/create-company', label: 'Create company' },
  { to: '/admin/debug-test', label: 'Debug' },
];

/** The frame of every admin page: its title and the admin navigation. */
export function AdminPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="tm-page tm-container">
      <style href="admin-styles" precedence="default">
        {adminCss}
      </style>
      <h1>{title}</h1>
      <nav className="adm-nav" aria-label="Admin">
        {NAV.map((n) => (
          <NavLink key={n.to} to={n.to} end={n.end}>
            {n.label}
          </NavLink>
        ))}
      </nav>
      {children}
    </section>
  );
}
