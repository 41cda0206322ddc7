import type { MICRO_FRONTENDS, ExposedRoutes, MicroFrontend, RemoteName } from './micro-frontends';

type ManifestEntry<R extends RemoteName> = Extract<(typeof MICRO_FRONTENDS)[number], { name: R }>;

/** The modules a remote exposes, e.g. `'./routes' | './map-preview'` for mfe_company. */
export type ManifestModule<R extends RemoteName> = ManifestEntry<R>['exposes'][number]['module'];

/** The pages the manifest says a remote's module renders, as a union of path patterns. */
export type ManifestPage<R extends RemoteName, M extends string> = Extract<
  ManifestEntry<R>['exposes'][number],
  { module: M }
>['pages'][number];

/** One page of a module as a route of its own `<Routes>`: `path` is relative, `''` being the index. */
export interface RelativeRoute<P extends string, T> {
  page: P;
  path: string;
  element: T;
}

const isWithin = (page: string, from: string): boolean => from === '/' || page === from || page.startsWith(`${from}/`);

/** `page` relative to `from` (both path patterns); `''` when they are the same. */
export function relativePath(page: string, from: string): string {
  if (!isWithin(page, from)) throw new Error(`${page} is not beneath ${from}`);
  return from === '/' ? page.slice(1) : page.slice(from.length + 1);
}

/**
 * The routes of one exposed module: each page at or beneath `from` (where the shell mounts the
 * module, by default), relative to it, with the element the remote renders for it. A page that is
 * also one of the module's prefixes takes every path beneath it too.
 */
export function relativeRoutesOf<P extends string, T>(
  exposed: Pick<ExposedRoutes, 'pages' | 'base' | 'prefixes'>,
  elements: Record<P, T>,
  from: string = exposed.base ?? '/',
): RelativeRoute<P, T>[] {
  const prefixes = exposed.prefixes ?? [];
  return exposed.pages
    .filter((page): page is P => isWithin(page, from))
    .map((page) => {
      const path = relativePath(page, from);
      const wildcard = prefixes.includes(page) ? (path === '' ? '*' : `${path}/*`) : path;
      return { page, path: wildcard, element: elements[page] };
    });
}

/**
 * The routes of a remote's module from its manifest entry (`MFE_ADMIN`…, not the whole list, so the
 * remote's build carries its own entry only). `elements` names one element per page the manifest
 * lists for the module, no more and no fewer, so the two cannot drift apart.
 */
export function relativeRoutes<A extends MicroFrontend, M extends A['exposes'][number]['module'], T>(
  app: A,
  module: M,
  elements: Record<Extract<A['exposes'][number], { module: M }>['pages'][number], T>,
  from?: Extract<A['exposes'][number], { module: M }>['pages'][number],
): RelativeRoute<Extract<A['exposes'][number], { module: M }>['pages'][number], T>[] {
  const exposed = app.exposes.find((candidate) => candidate.module === module);
  if (!exposed) throw new Error(`${app.name} exposes no ${module} in the micro-frontends manifest`);
  return relativeRoutesOf(exposed, elements, from);
}
