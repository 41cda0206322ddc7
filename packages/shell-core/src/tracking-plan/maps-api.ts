import type {
  CreateMapInput,
  HistoryEntry,
  MapDetail,
  MapListFilters,
  MapSummary,
  PageOf,
  PlanMap,
  UpdateMapInput,
} from '@tracemap/contracts';
// Through the package's main entry, not relative paths: an app that bundles this entry point then
// uses the one shared session, stores and error class instead of copies of its own.
import { authedFetch, type ApiFetchOptions } from '@tracemap/shell-core';
import { proposalQuery } from './current-proposal';

// Maps have their own calls rather than joining the attribute/event/view set: their list
// answers summaries (no nodes or edges) and their detail carries names instead of usage.

type CallOptions = Omit<ApiFetchOptions, 'token'>;

function mapsCall<T>(companyId: string, mapId: string | null, suffix = '', options: CallOptions = {}): Promise<T> {
  const base = `/api/company/${encodeURIComponent(companyId)}/maps`;
  const query = { ...options.query, ...proposalQuery(companyId) };
  return authedFetch<T>(`${base}${mapId ? `/${encodeURIComponent(mapId)}` : ''}${suffix}`, { ...options, query });
}

/** `GET …/maps`: one page of summaries with node, edge and attribute counts. */
export function listMaps(
  companyId: string,
  filters: MapListFilters = {},
  signal?: AbortSignal,
): Promise<PageOf<MapSummary>> {
  return mapsCall(companyId, null, '', { query: { ...filters }, signal });
}

/** `GET …/maps/{id}`: the map with the names of the views and events it shows. */
export function getMap(companyId: string, mapId: string, signal?: AbortSignal): Promise<MapDetail> {
  return mapsCall(companyId, mapId, '', { signal });
}

/** `POST …/maps`; the same idempotency key replays the first answer instead of creating twice. */
export function createMap(companyId: string, input: CreateMapInput, idempotencyKey?: string): Promise<PlanMap> {
  return mapsCall(companyId, null, '', {
    method: 'POST',
    body: input,
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : undefined,
  });
}

/**
 * `PATCH …/maps/{id}` from the version the editor started at; nodes, edges and attributes
 * replace the map's as a whole. A stale version answers 409 `version_conflict` with the map as
 * it now is (see `versionConflictOf`).
 */
export function updateMap(
  companyId: string,
  mapId: string,
  version: number,
  changes: UpdateMapInput,
): Promise<PlanMap> {
  return mapsCall(companyId, mapId, '', { method: 'PATCH', body: changes, headers: { 'if-match': String(version) } });
}

export async function deleteMap(companyId: string, mapId: string): Promise<void> {
  await mapsCall(companyId, mapId, '', { method: 'DELETE' });
}

export function getMapHistory(
  companyId: string,
  mapId: string,
  page: { cursor?: string; limit?: number } = {},
): Promise<PageOf<HistoryEntry>> {
  return mapsCall(companyId, mapId, '/history', { query: page });
}
