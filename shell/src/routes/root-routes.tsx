import { useLocation } from 'react-router';
import { NotFound } from '../not-found';
import { RemoteRoute } from '../remotes/remote-route';
import { findOwner } from './ownership';

/** Paths directly under `/`: marketing or auth, else the 404 page. */
export function RootRoutes() {
  const { pathname } = useLocation();
  const owner = findOwner(pathname);
  if (!owner) return <NotFound />;
  return <RemoteRoute key={owner.remote} remote={owner.remote} label={owner.label} />;
}
