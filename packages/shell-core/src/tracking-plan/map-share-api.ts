import type { MapPreview, MapShareState } from '@tracemap/contracts';
// Through the package's main entry, not relative paths: an app that bundles this entry point then
// uses the one shared session, stores and error class instead of copies of its own.
import { apiFetch, authedFetch } from '@tracemap/shell-core';

export type {
  MapPreview,
  MapPreviewAttribute,
  MapPreviewEvent,
  MapPreviewView,
  MapShareState,
} from '@tracemap/contracts';

function sharePath(companyId: string, mapId: string): string {
  return `/api/company/${encodeURIComponent(companyId)}/maps/${encodeURIComponent(mapId)}/share`;
}

/** `GET …/maps/{id}/share`: whether the public link is on (its token is never readable again). */
export function getMapShare(companyId: string, mapId: string, signal?: AbortSignal): Promise<MapShareState> {
  return authedFetch(sharePath(companyId, mapId), { signal });
}

/** `POST …/maps/{id}/share`: a new public link (replacing a live one); its token is in this answer only. */
export function enableMapShare(companyId: string, mapId: string): Promise<MapShareState> {
  return authedFetch(sharePath(companyId, mapId), { method: 'POST' });
}

/** `DELETE …/maps/{id}/share`: the link stops working at once. */
export function disableMapShare(companyId: string, mapId: string): Promise<void> {
  return authedFetch(sharePath(companyId, mapId), { method: 'DELETE' });
}

/**
 * `GET /api/company/map-preview/{id}`: with a public-link token it is asked
 * without the session (the link works the same signed in or out); without one,
 * as the signed-in member.
 */
export function getMapPreview(mapId: string, token: string | null, signal?: AbortSignal): Promise<MapPreview> {
  const path = `/api/company/map-preview/${encodeURIComponent(mapId)}`;
  return token ? apiFetch(path, { query: { token }, signal }) : authedFetch(path, { signal });
}

/** The address of a map's preview, with the public link's token when there is one. */
export function mapPreviewUrl(mapId: string, token?: string | null, origin = ''): string {
  return `${origin}/map-preview/${encodeURIComponent(mapId)}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}
