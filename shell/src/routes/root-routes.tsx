import { useLocation } from 'react-router';
import type { RemoteRoutes } from '@tracemap/contracts';
import { NotFound } from '../not-found';
import { OwnedRemote } from './owned-remote';
import { findOwner } from './ownership';

/**
 * Paths no module is mounted at: the page of a module mounted at `/` (marketing, auth), else the
 * 404 page — once the registry has answered, since a remote it adds may own the path.
 */
export function RootRoutes({ routes, settled }: { routes: readonly RemoteRoutes[]; settled: boolean }) {
  const { pathname } = useLocation();
  const owner = findOwner(
    pathname,
    routes.filter((route) => !route.base),
  );
  if (owner) return <OwnedRemote owner={owner} />;
  if (!settled) return <section className="tm-page tm-container" aria-busy="true" data-testid="route-resolving" />;
  return <NotFound />;
}
