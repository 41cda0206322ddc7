import { matchPath } from 'react-router';
import { MANIFEST_ROUTES, type RemoteRoutes } from '@tracemap/contracts';

/** The exposed module that renders a path, as the micro-frontends manifest (or the registry) says. */
export type Owner = RemoteRoutes;

/** Whether `route` renders `pathname`: beneath its base, one of its pages, or beneath one of its prefixes. */
function owns(route: RemoteRoutes, pathname: string): boolean {
  if (route.base) return matchPath({ path: `${route.base}/*`, end: true }, pathname) !== null;
  return (
    route.pages.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null) ||
    (route.prefixes ?? []).some((prefix) => matchPath({ path: `${prefix}/*`, end: true }, pathname) !== null)
  );
}

export function findOwner(pathname: string, routes: readonly RemoteRoutes[] = MANIFEST_ROUTES): Owner | undefined {
  return routes.find((route) => owns(route, pathname));
}
