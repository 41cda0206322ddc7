import { MICRO_FRONTENDS, type AppName } from './micro-frontends';

export interface PageRoute {
  pattern: string;
  app: AppName;
  /** Rendered without header and footer. */
  bare?: boolean;
}

/**
 * Every page of the product and the app that owns it, from the micro-frontends manifest. The shell
 * routes by the same manifest and the gateway answers 404 for paths outside this list, so the two
 * can never disagree about what exists.
 */
export const PAGE_ROUTES: PageRoute[] = MICRO_FRONTENDS.flatMap((app) =>
  app.exposes.flatMap((exposed) =>
    exposed.pages.map((pattern): PageRoute =>
      'bare' in exposed && exposed.bare ? { pattern, app: app.folder, bare: true } : { pattern, app: app.folder },
    ),
  ),
);

function toRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body === '' ? '/' : body}/?$`);
}

const compiled = PAGE_ROUTES.map((route) => ({ route, regexp: toRegExp(route.pattern) }));

/** Whether a path is the page a pattern (`/blog/:slug`) names. */
export function matchesPagePattern(pattern: string, pathname: string): boolean {
  return toRegExp(pattern).test(pathname);
}

/** The page a path belongs to, or null for an unknown path (a 404). */
export function matchPageRoute(pathname: string): PageRoute | null {
  return compiled.find(({ regexp }) => regexp.test(pathname))?.route ?? null;
}
