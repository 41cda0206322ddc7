import type {
  Attribute,
  AttributeDetail,
  AttributeListFilters,
  CreateAttributeInput,
  CreateEventInput,
  CreateViewInput,
  EffectiveAttributesResponse,
  EntityKind,
  EventDetail,
  EventListFilters,
  ExportFormat,
  HistoryEntry,
  ImportDiff,
  ImportFormat,
  LintReport,
  PageOf,
  PlanEvent,
  PlanView,
  UpdateAttributeInput,
  UpdateEventInput,
  UpdateViewInput,
  ViewDetail,
  ViewListFilters,
} from '@tracemap/contracts';
// Through the package's main entry, not relative paths: an app that bundles this entry point then
// uses the one shared session, stores and error class instead of copies of its own.
import { authedFetch, type ApiFetchOptions } from '@tracemap/shell-core';
import { proposalQuery } from './current-proposal';

/** What each kind of plan entity reads and writes, so one set of calls serves all three. */
export interface PlanEntityTypes {
  attribute: {
    entity: Attribute;
    detail: AttributeDetail;
    create: CreateAttributeInput;
    update: UpdateAttributeInput;
    filters: AttributeListFilters;
  };
  event: {
    entity: PlanEvent;
    detail: EventDetail;
    create: CreateEventInput;
    update: UpdateEventInput;
    filters: EventListFilters;
  };
  view: {
    entity: PlanView;
    detail: ViewDetail;
    create: CreateViewInput;
    update: UpdateViewInput;
    filters: ViewListFilters;
  };
}
export type PlanEntity<K extends EntityKind> = PlanEntityTypes[K]['entity'];
export type PlanEntityDetail<K extends EntityKind> = PlanEntityTypes[K]['detail'];

/** The URL segment of each kind under `/api/company/{companyId}/`. */
export const PLAN_COLLECTIONS: Record<EntityKind, 'attributes' | 'events' | 'views'> = {
  attribute: 'attributes',
  event: 'events',
  view: 'views',
};

type CallOptions = Omit<ApiFetchOptions, 'token'>;

/** Every plan call goes inside the open proposal, if any (see current-proposal). */
function call<T>(companyId: string, path: string, options: CallOptions = {}): Promise<T> {
  const query = { ...options.query, ...proposalQuery(companyId) };
  return authedFetch<T>(`/api/company/${encodeURIComponent(companyId)}/${path}`, { ...options, query });
}

function entityPath(kind: EntityKind, id?: string): string {
  return id ? `${PLAN_COLLECTIONS[kind]}/${encodeURIComponent(id)}` : PLAN_COLLECTIONS[kind];
}

/** `GET …/{attributes|events|views}`: one page, searched, filtered and sorted on the server. */
export function listPlanEntities<K extends EntityKind>(
  kind: K,
  companyId: string,
  filters: PlanEntityTypes[K]['filters'] = {},
  signal?: AbortSignal,
): Promise<PageOf<PlanEntity<K>>> {
  return call(companyId, entityPath(kind), { query: { ...filters }, signal });
}

/** `GET …/{id}`: the entity with where it is used. */
export function getPlanEntity<K extends EntityKind>(
  kind: K,
  companyId: string,
  id: string,
  signal?: AbortSignal,
): Promise<PlanEntityDetail<K>> {
  return call(companyId, entityPath(kind, id), { signal });
}

/** `POST …`; the same idempotency key replays the first answer instead of creating twice. */
export function createPlanEntity<K extends EntityKind>(
  kind: K,
  companyId: string,
  input: PlanEntityTypes[K]['create'],
  idempotencyKey?: string,
): Promise<PlanEntity<K>> {
  return call(companyId, entityPath(kind), {
    method: 'POST',
    body: input,
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : undefined,
  });
}

/**
 * `PATCH …/{id}` from the version the editor started at. A stale version answers 409
 * `version_conflict` with the entity as it now is (see `versionConflictOf`).
 */
export function updatePlanEntity<K extends EntityKind>(
  kind: K,
  companyId: string,
  id: string,
  version: number,
  changes: PlanEntityTypes[K]['update'],
): Promise<PlanEntity<K>> {
  return call(companyId, entityPath(kind, id), {
    method: 'PATCH',
    body: changes,
    headers: { 'if-match': String(version) },
  });
}

/** `DELETE …/{id}`; an attribute still in use answers 409 `attribute_in_use`. */
export async function deletePlanEntity(kind: EntityKind, companyId: string, id: string): Promise<void> {
  await call(companyId, entityPath(kind, id), { method: 'DELETE' });
}

export function getPlanEntityHistory(
  kind: EntityKind,
  companyId: string,
  id: string,
  page: { cursor?: string; limit?: number } = {},
): Promise<PageOf<HistoryEntry>> {
  return call(companyId, `${entityPath(kind, id)}/history`, { query: page });
}

/** The event's effective attributes: every layer it inherits from, merged. */
export function getEffectiveAttributes(
  companyId: string,
  eventId: string,
  signal?: AbortSignal,
): Promise<EffectiveAttributesResponse> {
  return call(companyId, `${entityPath('event', eventId)}/effective-attributes`, { signal });
}

/** The event's effective attributes as a draft-07 JSON Schema. */
export function getEventSchema(
  companyId: string,
  eventId: string,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  return call(companyId, `${entityPath('event', eventId)}/schema`, { signal });
}

export function lintTrackingPlan(companyId: string): Promise<LintReport> {
  return call(companyId, 'tracking-plan/lint');
}

/** The whole plan as file text, in the format asked for. */
export function exportTrackingPlan(companyId: string, format: ExportFormat): Promise<string> {
  return call(companyId, 'tracking-plan/export', { query: { format }, responseType: 'text' });
}

/**
 * Imports a plan file: a dry run answers the diff and writes nothing; otherwise the diff is
 * applied all or nothing. Native files go as JSON, CSV files as `text/csv`.
 */
export function importTrackingPlan(
  companyId: string,
  format: ImportFormat,
  fileText: string,
  dryRun: boolean,
): Promise<ImportDiff> {
  const rawBody = { text: fileText, contentType: format === 'csv' ? 'text/csv' : 'application/json' };
  return call(companyId, 'tracking-plan/import', { method: 'POST', query: { format, dryRun }, rawBody });
}
