import { NATIVE_FORMAT, NATIVE_FORMAT_VERSION, NativePlanSchema } from '@tracemap/contracts';
import type { EntityKind, NativeAttribute, NativeEvent, NativePlan, NativeView, RejectedRow } from '@tracemap/contracts';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ensureContractFormats } from './formats';
import { foldName } from './names';

/**
 * The native plan file: every entity with its id, archived ones included, so
 * it is a lossless backup. Stable output (sorted entities, tags and keys) keeps
 * exports diffable in version control.
 */
type WithVolatile<T> = T & { version?: unknown; createdAt?: unknown; updatedAt?: unknown };

/** Takes stored entities (or native ones: version and timestamps are optional here). */
export function toNativePlan(plan: {
  attributes: Array<WithVolatile<NativeAttribute>>;
  events: Array<WithVolatile<NativeEvent>>;
  views: Array<WithVolatile<NativeView>>;
}): NativePlan {
  return {
    format: NATIVE_FORMAT,
    formatVersion: NATIVE_FORMAT_VERSION,
    attributes: sortEntities(plan.attributes.map((a) => ({ ...withoutVolatile(a), tags: sortedTags(a.tags) }))),
    events: sortEntities(plan.events.map((e) => ({ ...withoutVolatile(e), tags: sortedTags(e.tags) }))),
    views: sortEntities(plan.views.map((v) => ({ ...withoutVolatile(v), tags: sortedTags(v.tags) }))),
  };
}

function withoutVolatile<T extends object>(entity: WithVolatile<T>): T {
  const { version: _v, createdAt: _c, updatedAt: _u, ...rest } = entity;
  return rest as T;
}

const sortedTags = (tags: string[]) => [...tags].sort();

function sortEntities<T extends { id: string; name: string }>(items: T[]): T[] {
  return items
    .map((item) => ({ item, folded: foldName(item.name) }))
    .sort((a, b) => compare(a.folded, b.folded) || compare(a.item.id, b.item.id))
    .map(({ item }) => item);
}
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** JSON with object keys sorted at every depth, 2-space indent and a final newline. */
export function serializeNativePlan(plan: NativePlan): string {
  return `${JSON.stringify(sortKeys(plan), null, 2)}\n`;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const inner = (value as Record<string, unknown>)[key];
    if (inner !== undefined) sorted[key] = sortKeys(inner);
  }
  return sorted;
}

const KIND_OF: Record<string, EntityKind> = { attributes: 'attribute', events: 'event', views: 'view' };

/**
 * Reads a native plan file. Every bad entry is reported with its JSON path
 * (`events[3].attributes[0].attributeId`) and a reason; a file with any
 * rejected entry gives no plan, as imports are all-or-nothing.
 */
export function parseNativePlan(text: string): { plan: NativePlan | null; rejected: RejectedRow[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { plan: null, rejected: [{ row: '$', reason: `The file is not valid JSON: ${(error as Error).message}.` }] };
  }
  ensureContractFormats();
  const rejected = schemaRejections(data);
  if (rejected.length > 0) return { plan: null, rejected };
  // Fields outside the format (a database's version or timestamps) are dropped, not imported.
  const plan = Value.Clean(NativePlanSchema, data) as NativePlan;
  rejected.push(...referenceRejections(plan));
  return rejected.length > 0 ? { plan: null, rejected } : { plan, rejected };
}

function schemaRejections(data: unknown): RejectedRow[] {
  if (Value.Check(NativePlanSchema, data)) return [];
  const rejected: RejectedRow[] = [];
  const reportedEntries = new Set<string>();
  for (const error of Value.Errors(NativePlanSchema, data)) {
    const segments = error.path.split('/').slice(1);
    const [collection, index, field] = segments;
    const entry = KIND_OF[collection] && index !== undefined ? `${collection}/${index}` : error.path || '/';
    // One reason per entry is enough to fix it; the rest usually follow from the first.
    if (reportedEntries.has(entry)) continue;
    reportedEntries.add(entry);
    const row: RejectedRow = { row: jsonPath(segments), reason: reasonFor(error.message, field ?? collection, error.path, error.schema, error.value) };
    if (KIND_OF[collection] && index !== undefined) {
      row.kind = KIND_OF[collection];
      const name = (data as Record<string, Array<{ name?: unknown }>>)[collection]?.[Number(index)]?.name;
      if (typeof name === 'string') row.name = name;
    }
    rejected.push(row);
  }
  return rejected;
}

function reasonFor(message: string, field: string | undefined, path: string, schema: TSchema, value: unknown): string {
  const allowed = literalChoices(schema);
  if (allowed) return `${path.split('/').pop()}: ${JSON.stringify(value)} is not one of ${allowed.join(', ')}.`;
  if (path === '/format' || path === '/formatVersion') {
    return `This is not a ${NATIVE_FORMAT} file of version ${NATIVE_FORMAT_VERSION} (${message}).`;
  }
  if (message === 'Expected required property') return `The field "${path.split('/').pop()}" is missing.`;
  if (message.startsWith('Unexpected property')) return `The field "${path.split('/').pop()}" is not part of the format.`;
  return field ? `${field}: ${message}.` : `${message}.`;
}

/** The values a union of literals accepts, or null for any other schema. */
function literalChoices(schema: TSchema): string[] | null {
  const options = (schema as { anyOf?: TSchema[] }).anyOf;
  if (!options || !options.every((o) => 'const' in o)) return null;
  return options.map((o) => String(o.const));
}

/** `/events/3/attributes/0/attributeId` → `events[3].attributes[0].attributeId` */
export function jsonPath(segments: string[]): string {
  if (segments.length === 0) return '$';
  return segments.map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

function referenceRejections(plan: NativePlan): RejectedRow[] {
  const rejected: RejectedRow[] = [];
  const attributeIds = uniqueIds(plan.attributes, 'attributes', 'attribute', rejected);
  const eventIds = uniqueIds(plan.events, 'events', 'event', rejected);
  uniqueIds(plan.views, 'views', 'view', rejected);
  const checkLinks = (collection: 'events' | 'views', kind: EntityKind) =>
    plan[collection].forEach((entity, i) =>
      entity.attributes.forEach((link, j) => {
        if (!attributeIds.has(link.attributeId)) {
          rejected.push({ row: `${collection}[${i}].attributes[${j}].attributeId`, kind, name: entity.name, reason: `No attribute in the file has the id ${link.attributeId}.` });
        }
      }),
    );
  checkLinks('events', 'event');
  checkLinks('views', 'view');
  plan.views.forEach((v, i) =>
    v.events.forEach((on, j) => {
      if (!eventIds.has(on.eventId)) {
        rejected.push({ row: `views[${i}].events[${j}].eventId`, kind: 'view', name: v.name, reason: `No event in the file has the id ${on.eventId}.` });
      }
    }),
  );
  return rejected;
}

function uniqueIds(items: Array<{ id: string; name: string }>, collection: string, kind: EntityKind, rejected: RejectedRow[]): Set<string> {
  const ids = new Set<string>();
  items.forEach((item, i) => {
    if (ids.has(item.id)) rejected.push({ row: `${collection}[${i}].id`, kind, name: item.name, reason: `The id ${item.id} is used by another ${kind} in the file.` });
    ids.add(item.id);
  });
  return ids;
}
