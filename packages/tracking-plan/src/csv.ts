import {
  ATTRIBUTE_SCOPES,
  ATTRIBUTE_TYPES,
  EVENT_KINDS,
  ITEM_TYPES,
  VALIDATION_KINDS,
  ValidationSchema,
} from '@tracemap/contracts';
import { Value } from '@sinclair/typebox/value';
import type {
  AttributeScope,
  AttributeType,
  EffectiveAttribute,
  EventKind,
  ItemType,
  RejectedRow,
  Validation,
} from '@tracemap/contracts';
import { parseCsvRecords, unparseCsvRecords } from './csv-codec';
import { validationProblems } from './validation';

/**
 * The CSV form of a plan: one row per event × effective attribute (an event
 * without attributes gets one row with the attribute columns empty). `views`
 * are the views the event fires on and `tags` the event's tags, both joined by
 * `|`. An array's item type is written in the type column as `array<string>`.
 */
export const CSV_COLUMNS = [
  'event',
  'event_description',
  'kind',
  'attribute',
  'scope',
  'type',
  'required',
  'nullable',
  'validation_kind',
  'validation',
  'origin',
  'exposed',
  'views',
  'tags',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** One CSV row. Optional fields were left empty in the file: an import leaves those fields as they are. */
export interface CsvPlanRow {
  /** The row's line in the file, the header being row 1; absent on rows built for export. */
  row?: number;
  event: string;
  event_description?: string;
  kind?: EventKind;
  /** Empty on the row of an event without attributes. */
  attribute?: string;
  scope?: AttributeScope;
  type?: AttributeType;
  itemType?: ItemType | null;
  required?: boolean;
  nullable?: boolean;
  validation?: Validation;
  origin?: string;
  exposed?: boolean;
  views: string[];
  tags: string[];
}

/** The rows of one event, from its effective attributes. */
export function csvRowsForEvent(
  event: { name: string; description: string; kind: EventKind; tags: string[] },
  attributes: EffectiveAttribute[],
  viewNames: string[],
): CsvPlanRow[] {
  const base = {
    event: event.name,
    event_description: event.description,
    kind: event.kind,
    views: viewNames,
    tags: event.tags,
  };
  if (attributes.length === 0) return [base];
  return attributes.map(({ attribute: a, presence, validation }) => ({
    ...base,
    attribute: a.name,
    scope: a.scope,
    type: a.type,
    itemType: a.itemType,
    required: presence === 'required',
    nullable: a.nullable,
    validation,
    origin: a.origin,
    exposed: a.exposed,
  }));
}

export function exportPlanCsv(rows: CsvPlanRow[]): string {
  const text = (value: boolean | string | undefined) => (value === undefined ? '' : String(value));
  const records = rows.map((r) => {
    const { kind: validationKind, ...validationFields } = r.validation ?? { kind: '' };
    const typeCell = r.type === 'array' && r.itemType ? `array<${r.itemType}>` : text(r.type);
    const cells: Record<CsvColumn, string> = {
      event: r.event,
      event_description: text(r.event_description),
      kind: text(r.kind),
      attribute: text(r.attribute),
      scope: text(r.scope),
      type: typeCell,
      required: text(r.required),
      nullable: text(r.nullable),
      validation_kind: validationKind,
      validation: Object.keys(validationFields).length > 0 ? JSON.stringify(validationFields) : '',
      origin: text(r.origin),
      exposed: text(r.exposed),
      views: r.views.join('|'),
      tags: r.tags.join('|'),
    };
    return CSV_COLUMNS.map((column) => cells[column]);
  });
  return unparseCsvRecords([[...CSV_COLUMNS], ...records]);
}

/** Reads a plan CSV; each bad row is rejected with its row number and the reason. */
export function parseTrackingPlanCsv(text: string): { rows: CsvPlanRow[]; rejected: RejectedRow[] } {
  const records = parseCsvRecords(text);
  if (records.length === 0)
    return { rows: [], rejected: [{ row: 1, reason: 'The file is empty; it needs a header row.' }] };
  const header = records[0].map((h) => h.trim().toLowerCase());
  const missing = CSV_COLUMNS.filter((c) => !header.includes(c));
  const unknown = header.filter((h) => !(CSV_COLUMNS as readonly string[]).includes(h));
  if (missing.length > 0 || unknown.length > 0) {
    const parts = [
      missing.length ? `missing ${missing.join(', ')}` : '',
      unknown.length ? `unknown ${unknown.join(', ')}` : '',
    ].filter(Boolean);
    return {
      rows: [],
      rejected: [
        {
          row: 1,
          reason: `The header does not have the expected columns (${parts.join('; ')}). Expected: ${CSV_COLUMNS.join(', ')}.`,
        },
      ],
    };
  }
  const rows: CsvPlanRow[] = [];
  const rejected: RejectedRow[] = [];
  records.slice(1).forEach((record, index) => {
    const rowNumber = index + 2;
    const cells = Object.fromEntries(CSV_COLUMNS.map((c) => [c, (record[header.indexOf(c)] ?? '').trim()])) as Record<
      CsvColumn,
      string
    >;
    const result = readRow(cells, rowNumber);
    if (typeof result === 'string')
      rejected.push({
        row: rowNumber,
        kind: cells.attribute ? 'attribute' : 'event',
        name: cells.attribute || cells.event || undefined,
        reason: result,
      });
    else rows.push(result);
  });
  return { rows, rejected: rejected.map(dropUndefinedName) };
}

const dropUndefinedName = (r: RejectedRow): RejectedRow =>
  r.name === undefined ? { row: r.row, kind: r.kind, reason: r.reason } : r;

const BOOLEANS: Record<string, boolean> = { true: true, yes: true, false: false, no: false };
const oneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);
const list = (cell: string) => [
  ...new Set(
    cell
      .split(/[|;]/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** The row, or the reason it is rejected. */
function readRow(cells: Record<CsvColumn, string>, rowNumber: number): CsvPlanRow | string {
  if (!cells.event) return 'The event name is empty.';
  const row: CsvPlanRow = { row: rowNumber, event: cells.event, views: list(cells.views), tags: list(cells.tags) };
  if (cells.event_description) row.event_description = cells.event_description;
  if (cells.kind) {
    const kind = cells.kind.toLowerCase();
    if (!oneOf(EVENT_KINDS, kind)) return `The kind "${cells.kind}" is not one of ${EVENT_KINDS.join(', ')}.`;
    row.kind = kind;
  }
  if (!cells.attribute) return row;
  row.attribute = cells.attribute;
  for (const column of ['required', 'nullable', 'exposed'] as const) {
    if (!cells[column]) continue;
    const value = BOOLEANS[cells[column].toLowerCase()];
    if (value === undefined) return `${column} is "${cells[column]}"; use true, false, yes or no.`;
    row[column] = value;
  }
  if (cells.scope) {
    const scope = cells.scope.toLowerCase();
    if (!oneOf(ATTRIBUTE_SCOPES, scope))
      return `The scope "${cells.scope}" is not one of ${ATTRIBUTE_SCOPES.join(', ')}.`;
    row.scope = scope;
  }
  if (cells.type) {
    const type = readType(cells.type.toLowerCase());
    if (typeof type === 'string') return type;
    Object.assign(row, type);
  }
  if (cells.origin) row.origin = cells.origin;
  const validation = readValidation(cells.validation_kind, cells.validation);
  if (typeof validation === 'string') return validation;
  if (validation) {
    const problems = row.type ? validationProblems(validation, row.type, row.itemType) : [];
    if (problems.length > 0) return `The validation of “${cells.attribute}” is not valid: ${problems.join(' ')}`;
    row.validation = validation;
  }
  return row;
}

function readType(cell: string): { type: AttributeType; itemType: ItemType | null } | string {
  const array = /^array\s*<\s*(\w+)\s*>$/.exec(cell);
  if (array) {
    if (!oneOf(ITEM_TYPES, array[1])) return `The item type "${array[1]}" is not one of ${ITEM_TYPES.join(', ')}.`;
    return { type: 'array', itemType: array[1] };
  }
  if (!oneOf(ATTRIBUTE_TYPES, cell))
    return `The type "${cell}" is not one of ${ATTRIBUTE_TYPES.join(', ')} (or array<item type>).`;
  return { type: cell, itemType: null };
}

function readValidation(kindCell: string, jsonCell: string): Validation | null | string {
  if (!kindCell && !jsonCell) return null;
  const kind = (kindCell || 'none').toLowerCase();
  if (!oneOf(VALIDATION_KINDS, kind))
    return `The validation kind "${kindCell}" is not one of ${VALIDATION_KINDS.join(', ')}.`;
  if (!jsonCell) return { kind };
  let fields: unknown;
  try {
    fields = JSON.parse(jsonCell);
  } catch {
    return `The validation is not JSON: write it like {"values":["a","b"]}.`;
  }
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields))
    return 'The validation must be a JSON object like {"min":0}.';
  const validation = { ...(fields as Omit<Validation, 'kind'>), kind };
  if (!Value.Check(ValidationSchema, validation)) {
    const error = Value.Errors(ValidationSchema, validation).First();
    const field = error?.path.slice(1) || 'validation';
    return `The validation field "${field}" is not valid: ${error?.message ?? 'unexpected value'}.`;
  }
  return validation;
}
