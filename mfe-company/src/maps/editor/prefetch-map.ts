import { getMap, type MapDetail } from '@tracemap/shell-core/tracking-plan';

let early: { key: string; promise: Promise<MapDetail> } | null = null;

/**
 * When the app is opened on a map's address, asks for the map as soon as the editor's code
 * arrives, alongside the company's info, instead of after the page has mounted.
 */
export function prefetchMapFromUrl(
  pathname: string = window.location.pathname,
  search: string = window.location.search,
): void {
  const match = /^\/company\/([^/]+)\/maps\/([^/]+)\/?$/.exec(pathname);
  // A map inside a proposal is asked for once the proposal is open, by the page itself.
  if (!match || new URLSearchParams(search).has('proposal')) return;
  const [, companyId, mapId] = match;
  early = { key: `${companyId}/${mapId}`, promise: getMap(decodeURIComponent(companyId), decodeURIComponent(mapId)) };
  // Its failure is handled by whoever takes it (they ask again); never an unhandled rejection.
  early.promise.catch(() => undefined);
}

/** The early request for this map, once; later loads (reload after a conflict) ask afresh. */
export function takePrefetchedMap(companyId: string, mapId: string): Promise<MapDetail> | null {
  if (!early || early.key !== `${encodeURIComponent(companyId)}/${encodeURIComponent(mapId)}`) return null;
  const { promise } = early;
  early = null;
  return promise;
}
