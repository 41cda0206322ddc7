import { MICRO_FRONTENDS, type ExposedRoutes, type MicroFrontend } from './micro-frontends';
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

/**
 * Where the manifest mounts a module with an access rule (its base, or its prefixes): every path
 * there needs a signed-in user, whichever remote serves it.
 */
export function protectedPrefixesOf(apps: readonly Pick<MicroFrontend, 'exposes'>[]): string[] {
  return apps.flatMap((app) =>
    app.exposes.flatMap((exposed) =>
      exposed.access ? [...(exposed.base ? [exposed.base] : []), ...(exposed.prefixes ?? [])] : [],
    ),
  );
}

/** Path prefixes that need a signed-in user. */
export const PROTECTED_PREFIXES: readonly string[] = protectedPrefixesOf(MICRO_FRONTENDS);

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
