import { matchPath } from 'react-router';

/** Which remote owns which top-level paths (spec §2). /company/** and /admin/** are prefix routes in the App. */
export interface Owner {
  remote: string;
  label: string;
  patterns: string[];
}

export const ROOT_OWNERS: Owner[] = [
  {
    remote: 'mfe_marketing',
    label: 'Tracemap website',
    patterns: [
      '/',
      '/cdp',
      '/demo',
      '/agency',
      '/contact',
      '/pricing',
      '/roadmap',
      '/about-us',
      '/blog',
      '/blog/:slug',
      '/learning',
      '/learning/cdp',
      '/learning/cdp/:slug',
      '/learning/core',
      '/learning/core/:slug',
      '/privacy-policy',
      '/terms-of-service',
    ],
  },
  {
    remote: 'mfe_auth',
    label: 'Sign-in and account',
    patterns: [
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password/:id',
      '/confirm-email',
      '/confirm-email/:id',
      '/invitation/:id',
      '/auth/popup-close',
      '/account/*',
    ],
  },
];

export function findOwner(pathname: string): Owner | undefined {
  return ROOT_OWNERS.find((o) => o.patterns.some((p) => matchPath({ path: p, end: true }, pathname)));
}
