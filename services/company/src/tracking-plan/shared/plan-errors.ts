import { AppError } from '@tracemap/service-kit';
import type { HistoryEntityKind } from '@tracemap/contracts';

// User-facing messages of the tracking-plan API, in one place for routes, use cases and tests.
export const PLAN_MESSAGES = {
  notFound: {
    attribute: 'Attribute not found',
    event: 'Event not found',
    view: 'View not found',
    map: 'Map not found',
  },
  nameTaken: {
    attribute: (name: string, scope: string) =>
      `An ${scope}-scope attribute named "${name}" already exists (names count as equal regardless of case, spaces, _, - and .).`,
    event: (name: string) =>
      `An event named "${name}" already exists (names count as equal regardless of case, spaces, _, - and .).`,
    view: (name: string) =>
      `A view named "${name}" already exists (names count as equal regardless of case, spaces, _, - and .).`,
    map: (name: string) =>
      `A map named "${name}" already exists (names count as equal regardless of case, spaces, _, - and .).`,
  },
  versionConflict: 'Someone else changed this since you opened it. Review the current version and save again.',
  attributeInUse: (events: number, views: number, maps = 0) =>
    `This attribute is still used by ${events} event(s)${maps > 0 ? `, ${views} view(s) and ${maps} map(s)` : ` and ${views} view(s)`}. Archive it instead (status "archived"), or remove it from them first.`,
  unknownAttribute: (id: string) => `attributes references an attribute that does not exist in this company: ${id}`,
  unknownEvent: (id: string) => `events references an event that does not exist in this company: ${id}`,
  linkTargetGone: 'A linked attribute or event was deleted meanwhile; reload and save again.',
  duplicateLink: (field: string, id: string) => `${field} names ${id} more than once`,
  invalidCursor: 'cursor is not valid for this list; start again without it.',
  lintFailed: 'The change breaks lint rules set to "error". Fix the findings and save again.',
  importRejected: 'Nothing was imported: some rows were rejected.',
  invalidImport: 'The file could not be read as a tracking plan.',
  notCsv: 'Send the CSV file with Content-Type: text/csv.',
  notJson: 'Send the plan file with Content-Type: application/json.',
} as const;

export const PLAN_FAILURE = {
  list: 'Could not load the list. Try again later.',
  read: 'Could not load this item. Try again later.',
  save: 'Could not save the change. Try again later.',
  remove: 'Could not delete this item. Try again later.',
  history: 'Could not load the history. Try again later.',
  schema: 'Could not build the schema. Try again later.',
  lint: 'Could not lint the tracking plan. Try again later.',
  exportPlan: 'Could not export the tracking plan. Try again later.',
  importPlan: 'Could not import the tracking plan. Try again later.',
  openapi: 'Could not describe the API. Try again later.',
} as const;

const NOT_FOUND_CODES: Record<HistoryEntityKind, string> = {
  attribute: 'attribute_not_found',
  event: 'event_not_found',
  view: 'view_not_found',
  map: 'map_not_found',
};

/** Unknown ids and other companies' ids answer the same, so ids cannot be probed. */
export function entityNotFound(kind: HistoryEntityKind): AppError {
  return new AppError(404, NOT_FOUND_CODES[kind], PLAN_MESSAGES.notFound[kind]);
}

export function nameTaken(kind: HistoryEntityKind, name: string, scope = ''): AppError {
  const message =
    kind === 'attribute' ? PLAN_MESSAGES.nameTaken.attribute(name, scope) : PLAN_MESSAGES.nameTaken[kind](name);
  return new AppError(409, `${kind}_name_taken`, message);
}

/** PostgreSQL's unique_violation on one of the folded-name indexes. */
export function isNameConflict(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string };
  return e?.code === '23505' && typeof e.constraint === 'string' && e.constraint.endsWith('_name_idx');
}
