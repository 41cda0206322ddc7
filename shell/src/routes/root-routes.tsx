import { useLocation } from 'react-router';
import { isProtectedPath } from '@tracemap/shell-core';
import { RequireAuth } from '../guards/require-auth';
import { NotFound } from '../not-found';
import { RemoteRoute } from '../remotes/remote-route';
import { findOwner } from './ownership';

/** Paths directly under `/`: marketing or auth (with /account protected), else the 404 page. */
export function RootRoutes() {
  const { pathname } = useLocation();
  const owner = findOwner(pathname);
  if (!owner) return <NotFound />;
  const route = <RemoteRoute key={owner.remote} remote={owner.remote} label={owner.label} />;
  return isProtectedPath(pathname) ? <RequireAuth>{route}</RequireAuth> : route;
}
