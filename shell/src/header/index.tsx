import { Link, NavLink } from 'react-router';
import { useUserStore } from '@tracemap/shell-core';
import { AccountMenu } from './account-menu';

const NAV = [
  { to: '/', label: 'Home', end: true },
  { to: '/pricing', label: 'Pricing' },
  { to: '/company', label: 'Company' },
  { to: '/admin', label: 'Admin', adminOnly: true },
];

export function Header() {
  // The admin area is offered only to product admins; its routes are guarded as well.
  const isAdmin = useUserStore((s) => s.user?.isAdmin === true);
  return (
    <header className="sh-header" data-testid="shell-header">
      <div className="tm-container sh-header__bar">
        <Link to="/" className="sh-logo" aria-label="Tracemap home">
          Trace<span>map</span>
        </Link>
        <nav className="sh-nav" aria-label="Main">
          {NAV.filter((n) => !n.adminOnly || isAdmin).map((n) => (
            <NavLink key={n.to} to={n.to} end={n.end} data-testid={`nav-${n.label.toLowerCase()}`}>
              {n.label}
            </NavLink>
          ))}
          <AccountMenu />
        </nav>
      </div>
    </header>
  );
}
