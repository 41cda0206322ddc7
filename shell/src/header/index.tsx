import { useState, type MouseEvent } from 'react';
import { Link, NavLink } from 'react-router';
import { useUserStore } from '@tracemap/shell-core';
import { AccountMenu } from './account-menu';
import { headerCss } from './styles';

const NAV = [
  { to: '/', label: 'Home', end: true },
  { to: '/pricing', label: 'Pricing' },
  { to: '/blog', label: 'Blog' },
  { to: '/learning', label: 'Learning' },
  { to: '/company', label: 'Company' },
  { to: '/admin', label: 'Admin', adminOnly: true },
];

export function Header() {
  // The admin area is offered only to product admins; its routes are guarded as well.
  const isAdmin = useUserStore((s) => s.user?.isAdmin === true);
  const [menuOpen, setMenuOpen] = useState(false);
  // Following a link (or logging out) closes the mobile menu.
  const closeOnChoice = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a, button')) setMenuOpen(false);
  };
  return (
    <header className="sh-header" data-testid="shell-header">
      <style href="shell-header" precedence="default">
        {headerCss}
      </style>
      <div className="tm-container sh-header__bar">
        <Link to="/" className="sh-logo" aria-label="Tracemap home">
          Trace<span>map</span>
        </Link>
        <button
          type="button"
          className="sh-menu-button"
          aria-expanded={menuOpen}
          aria-controls="sh-main-nav"
          data-testid="nav-menu-button"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="sh-menu-button__icon" aria-hidden="true" />
          Menu
        </button>
        <nav
          id="sh-main-nav"
          className={menuOpen ? 'sh-nav sh-nav--open' : 'sh-nav'}
          aria-label="Main"
          onClick={closeOnChoice}
        >
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
