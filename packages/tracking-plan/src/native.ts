import { NATIVE_FORMAT, NATIVE_FORMAT_VERSION, NativePlanSchema } from '@tracemap/contracts';
import type {
  EntityKind,
  HistoryEntityKind,
  NativeAttribute,
  NativeEvent,
  NativeMap,
  NativePlan,
  NativeView,
  RejectedRow,
} from '@tracemap/contracts';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ensureContractFormats } from '@tracemap/contracts';
import { foldName } from './names';
import { patternRejections } from './native-patterns';

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
  /** Given, the file lists them (an empty list too); left out, the file has no `maps`. */
  maps?: Array<WithVolatile<NativeMap>>;
}): NativePlan {
  const native: NativePlan = {
    format: NATIVE_FORMAT,
    formatVersion: NATIVE_FORMAT_VERSION,
    attributes: sortEntities(plan.attributes.map((a) => ({ ...withoutVolatile(a), tags: sortedTags(a.tags) }))),
    events: sortEntities(plan.events.map((e) => ({ ...withoutVolatile(e), tags: sortedTags(e.tags) }))),
    views: sortEntities(plan.views.map((v) => ({ ...withoutVolatile(v), tags: sortedTags(v.tags) }))),
  };
  // Nodes and edges keep their order: it is the order editors drew them in.
  if (plan.maps) native.maps = sortEntities(plan.maps.map((m) => withoutVolatile(m)));
  return native;
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

const KIND_OF: Record<string, HistoryEntityKind> = {
  attributes: 'attribute',
  events: 'event',
  views: 'view',
  maps: 'map',
};

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
  rejected.push(...referenceRejections(plan), ...patternRejections(plan));
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
    const row: RejectedRow = {
      row: jsonPath(segments),
      reason: reasonFor(error.message, field ?? collection, error.path, error.schema, error.value),
    };
    if (KIND_OF[collection] && index !== undefined) {
      row.kind = KIND_OF[collection];
      const name = (data as Record<string, Array<{ name?: unknown }>>)[collection]?.[Number(index)]?.name;
      if (typeof name === 'string') row.name = name;
    }
    rejected.push(row);
  }
  return rejected;
}

/**
 * A schema's own wording (a web address, say), which explains better than a quoted pattern; an
 * optional value (`X | null`) fails as a whole, so its members are asked too.
 */
function ownMessage(schema: TSchema): string | undefined {
  const candidates: unknown[] = [schema, ...(Array.isArray(schema.anyOf) ? schema.anyOf : [])];
  const found = candidates.find((c): c is TSchema => typeof (c as TSchema | null)?.errorMessage === 'string');
  return found?.errorMessage as string | undefined;
}

function reasonFor(message: string, field: string | undefined, path: string, schema: TSchema, value: unknown): string {
  const allowed = literalChoices(schema);
  if (allowed) return `${path.split('/').pop()}: ${JSON.stringify(value)} is not one of ${allowed.join(', ')}.`;
  if (path === '/format' || path === '/formatVersion') {
    return `This is not a ${NATIVE_FORMAT} file of version ${NATIVE_FORMAT_VERSION} (${message}).`;
  }
  const own = ownMessage(schema);
  if (own) return `${path.split('/').pop()} ${own}.`;
  if (message === 'Expected required property') return `The field "${path.split('/').pop()}" is missing.`;
  if (message.startsWith('Unexpected property'))
    return `The field "${path.split('/').pop()}" is not part of the format.`;
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
          rejected.push({
            row: `${collection}[${i}].attributes[${j}].attributeId`,
            kind,
            name: entity.name,
            reason: `No attribute in the file has the id ${link.attributeId}.`,
          });
        }
      }),
    );
  checkLinks('events', 'event');
  checkLinks('views', 'view');
  rejected.push(...mapRejections(plan, attributeIds, eventIds));
  plan.views.forEach((v, i) =>
    v.events.forEach((on, j) => {
      if (!eventIds.has(on.eventId)) {
        rejected.push({
          row: `views[${i}].events[${j}].eventId`,
          kind: 'view',
          name: v.name,
          reason: `No event in the file has the id ${on.eventId}.`,
        });
      }
    }),
  );
  return rejected;
}

/** A map's nodes place views of the file (each once), its edges join its own nodes through events of the file, its links name attributes of the file. */
function mapRejections(plan: NativePlan, attributeIds: Set<string>, eventIds: Set<string>): RejectedRow[] {
  const rejected: RejectedRow[] = [];
  const maps = plan.maps ?? [];
  uniqueIds(maps, 'maps', 'map', rejected);
  const viewIds = new Set(plan.views.map((v) => v.id));
  maps.forEach((m, i) => {
    const reject = (row: string, reason: string) =>
      rejected.push({ row: `maps[${i}].${row}`, kind: 'map', name: m.name, reason });
    const onMap = new Set<string>();
    m.nodes.forEach((node, j) => {
      if (!viewIds.has(node.viewId)) reject(`nodes[${j}].viewId`, `No view in the file has the id ${node.viewId}.`);
      else if (onMap.has(node.viewId))
        reject(`nodes[${j}].viewId`, `The view ${node.viewId} is placed on this map more than once.`);
      onMap.add(node.viewId);
    });
    const edgeIds = new Set<string>();
    m.edges.forEach((edge, j) => {
      if (edgeIds.has(edge.id)) reject(`edges[${j}].id`, `The edge id ${edge.id} is used twice on this map.`);
      edgeIds.add(edge.id);
      for (const end of ['from', 'to'] as const) {
        if (!onMap.has(edge[end])) reject(`edges[${j}].${end}`, `The view ${edge[end]} is not a node of this map.`);
      }
      if (edge.eventId && !eventIds.has(edge.eventId))
        reject(`edges[${j}].eventId`, `No event in the file has the id ${edge.eventId}.`);
    });
    m.attributes.forEach((link, j) => {
      if (!attributeIds.has(link.attributeId))
        reject(`attributes[${j}].attributeId`, `No attribute in the file has the id ${link.attributeId}.`);
    });
  });
  return rejected;
}

function uniqueIds(
  items: Array<{ id: string; name: string }>,
  collection: string,
  kind: HistoryEntityKind,
  rejected: RejectedRow[],
): Set<string> {
  const ids = new Set<string>();
  items.forEach((item, i) => {
    if (ids.has(item.id))
      rejected.push({
        row: `${collection}[${i}].id`,
        kind,
        name: item.name,
        reason: `The id ${item.id} is used by another ${kind} in the file.`,
      });
    ids.add(item.id);
  });
  return ids;
}
