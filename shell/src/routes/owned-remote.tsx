import { useLocation } from 'react-router';
import { isProtectedPath } from '@tracemap/contracts';
import { RequireAdmin } from '../guards/require-admin';
import { RequireAuth } from '../guards/require-auth';
import { RemoteRoute } from '../remotes/remote-route';
import type { Owner } from './ownership';

/** The remote module that owns the page, behind the guard its route asks for. */
export function OwnedRemote({ owner }: { owner: Owner }) {
  const { pathname } = useLocation();
  const route = (
    <RemoteRoute
      key={`${owner.remote}/${owner.module}`}
      remote={owner.remote}
      module={owner.module}
      label={owner.label}
    />
  );
  if (owner.access === 'admin') return <RequireAdmin>{route}</RequireAdmin>;
  return owner.access === 'signed-in' || isProtectedPath(pathname) ? <RequireAuth>{route}</RequireAuth> : route;
}
