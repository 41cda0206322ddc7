/**
 * Every page of the product (spec §2) and the app that owns it. The shell
 * routes by it and the gateway answers 404 for paths outside it, so the two
 * can never disagree about what exists.
 */
export type AppName = 'mfe-marketing' | 'mfe-auth' | 'mfe-company' | 'mfe-admin';

export interface PageRoute {
  pattern: string;
  app: AppName;
  /** Rendered without header and footer. */
  bare?: boolean;
}

const marketing = [
  '/', '/cdp', '/demo', '/agency', '/contact', '/pricing', '/roadmap', '/about-us', '/blog', '/blog/:slug',
  '/learning', '/learning/cdp', '/learning/cdp/:slug', '/learning/core', '/learning/core/:slug',
  '/privacy-policy', '/terms-of-service',
];
const auth = [
  '/login', '/register', '/forgot-password', '/reset-password/:id', '/confirm-email/:id', '/confirm-email',
  '/invitation/:id', '/auth/popup-close', '/account',
];
const admin = ['/admin', '/admin/email', '/admin/roadmap', '/admin/debug-test', '/admin/create-user', '/admin/create-company'];
const company = [
  '/company', '/company/create', '/company/slack', '/company/:companyId', '/company/:companyId/users',
  '/company/:companyId/settings', '/company/:companyId/maps', '/company/:companyId/maps/:mapId',
  '/company/:companyId/subscription', '/company/:companyId/views', '/company/:companyId/views/:viewId',
  '/company/:companyId/attributes', '/company/:companyId/attributes/:attributeId', '/company/:companyId/events',
  '/company/:companyId/events/:eventId', '/company/:companyId/analytics-discovery',
];

export const PAGE_ROUTES: PageRoute[] = [
  ...marketing.map((pattern) => ({ pattern, app: 'mfe-marketing' as const })),
  ...auth.map((pattern) => ({ pattern, app: 'mfe-auth' as const })),
  ...admin.map((pattern) => ({ pattern, app: 'mfe-admin' as const })),
  ...company.map((pattern) => ({ pattern, app: 'mfe-company' as const })),
  { pattern: '/map-preview/:mapId', app: 'mfe-company', bare: true },
];

function toRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body === '' ? '/' : body}/?$`);
}

const compiled = PAGE_ROUTES.map((route) => ({ route, regexp: toRegExp(route.pattern) }));

/** The page a path belongs to, or null for an unknown path (a 404). */
export function matchPageRoute(pathname: string): PageRoute | null {
  return compiled.find(({ regexp }) => regexp.test(pathname))?.route ?? null;
}
