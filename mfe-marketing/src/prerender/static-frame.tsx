import type { ReactNode } from 'react';
import { colors } from '@tracemap/ui';

// The header and footer of the static first paint. They mirror the shell's layout closely enough
// that nothing jumps when the app takes over; links are plain, so they work before any script runs.
const NAV = [
  ['/', 'Home'],
  ['/pricing', 'Pricing'],
  ['/blog', 'Blog'],
  ['/learning', 'Learning'],
  ['/company', 'Company'],
];
const FOOTER = [
  ['/about-us', 'About us'],
  ['/blog', 'Blog'],
  ['/learning', 'Learning'],
  ['/roadmap', 'Roadmap'],
  ['/contact', 'Contact'],
  ['/privacy-policy', 'Privacy'],
  ['/terms-of-service', 'Terms'],
];

export const frameCss = `
.pr-header{border-bottom:1px solid ${colors.border};background:#fff}
.pr-bar{display:flex;align-items:center;justify-content:space-between;gap:16px;height:64px}
.pr-logo{font-weight:800;font-size:1.25rem;color:${colors.text};text-decoration:none}
.pr-logo span{color:${colors.primary}}
.pr-nav{display:flex;gap:4px}
.pr-nav a{padding:8px 12px;border-radius:6px;color:${colors.text};text-decoration:none;font-weight:500}
.pr-nav a.pr-login{background:${colors.primary};color:#fff}
.pr-footer{border-top:1px solid ${colors.border};background:${colors.surface};padding:32px 0;color:${colors.muted};font-size:.9rem}
.pr-footer a{color:${colors.muted};margin-right:16px}
@media (max-width:1199px){.pr-nav a:not(.pr-login){display:none}}
`;

export function StaticFrame({ children }: { children: ReactNode }) {
  return (
    <div className="sh-shell">
      <header className="pr-header">
        <div className="tm-container pr-bar">
          <a href="/" className="pr-logo" aria-label="Tracemap home">
            Trace<span>map</span>
          </a>
          <nav className="pr-nav" aria-label="Main">
            {NAV.map(([to, label]) => (
              <a key={to} href={to}>
                {label}
              </a>
            ))}
            <a href="/login" className="pr-login">
              Log in
            </a>
          </nav>
        </div>
      </header>
      <main>{children}</main>
      <footer className="pr-footer">
        <div className="tm-container">
          <strong>Tracemap</strong> — analytics data modelling for teams.{' '}
          {FOOTER.map(([to, label]) => (
            <a key={to} href={to}>
              {label}
            </a>
          ))}
        </div>
      </footer>
    </div>
  );
}
