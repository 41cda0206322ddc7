import { MICRO_FRONTENDS, type ExposedRoutes } from './micro-frontends';
import type { RemoteRoutes } from './remotes-registry';

// Kept apart from the registry's schemas: the shell bundles this file, and only this one.

/** The routes of one remote's exposed modules, as `/remotes.json` lists them. */
export function routesOf(remote: string, exposes: readonly Omit<ExposedRoutes, 'file'>[]): RemoteRoutes[] {
  return exposes.map(({ module, label, pages, base, prefixes, access, bare }) => ({
    remote,
    module,
    label,
    pages: [...pages],
    ...(base ? { base } : {}),
    ...(prefixes ? { prefixes: [...prefixes] } : {}),
    ...(access ? { access } : {}),
    ...(bare ? { bare } : {}),
  }));
}

/** The routes of every remote in the built-in manifest. */
export const MANIFEST_ROUTES: RemoteRoutes[] = MICRO_FRONTENDS.flatMap((app) => routesOf(app.name, app.exposes));
