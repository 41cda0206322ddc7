import type {
  AttributeLink,
  AttributeScope,
  AttributeType,
  ItemType,
  NativeAttribute,
  NativeEvent,
  NativePlan,
  NativeView,
  RejectedRow,
} from '@tracemap/contracts';
import type { CsvPlanRow } from './csv';
import { foldName } from './names';
import { validationProblems } from './validation';

/**
 * CSV import is additive: rows are matched to what exists (events and views by
 * folded name, attributes by folded name and scope), new things are added, the
 * fields a row carries are updated, and nothing is ever removed.
 *
 * How a row's attribute attaches: event-scope attributes become links on the
 * event; view-scope ones become links on each of the row's views; system ones
 * are inherited by every event, so they are linked only when the row makes
 * them required; user and group attributes never attach to events.
 */
export function planFromCsvRows(
  rows: CsvPlanRow[],
  existing: NativePlan,
  options: { newId: () => string },
): { plan: NativePlan; rejected: RejectedRow[] } {
  const plan: NativePlan = structuredClone(existing);
  const rejected: RejectedRow[] = [];
  const events = indexBy(plan.events, (e) => foldName(e.name));
  const views = indexBy(plan.views, (v) => foldName(v.name));
  const attributes = indexBy(plan.attributes, (a) => `${a.scope}:${foldName(a.name)}`);
  const typeSeen = new Map<string, { type: AttributeType; row: number | undefined }>();

  for (const row of rows) {
    const reject = (reason: string) =>
      rejected.push({ row: row.row ?? 0, kind: 'attribute', name: row.attribute, reason });
    const event = upsertEvent(row, plan, events, options.newId);
    const rowViews = row.views.map((name) => upsertView(name, plan, views, options.newId));
    for (const view of rowViews)
      if (!view.events.some((on) => on.eventId === event.id)) view.events.push({ eventId: event.id });
    if (!row.attribute) continue;

    const scope: AttributeScope = row.scope ?? findScope(row.attribute, attributes) ?? 'event';
    if (scope === 'user' || scope === 'group') {
      reject(`“${row.attribute}” is a ${scope} attribute; ${scope} attributes never attach to events.`);
      continue;
    }
    const key = `${scope}:${foldName(row.attribute)}`;
    const current = attributes.get(key);
    const type: AttributeType = row.type ?? current?.type ?? 'string';
    const seen = typeSeen.get(key);
    if (seen && seen.type !== type) {
      reject(`“${row.attribute}” is ${type} here but ${seen.type} on row ${seen.row}; an attribute has one type.`);
      continue;
    }
    typeSeen.set(key, { type, row: row.row });
    const itemType: ItemType | null = row.type ? (row.itemType ?? null) : (current?.itemType ?? null);
    const validation = row.validation ?? current?.validation;
    const problems = validation ? validationProblems(validation, type, itemType) : [];
    if (problems.length > 0) {
      reject(`The validation of “${row.attribute}” does not fit its type: ${problems.join(' ')}`);
      continue;
    }
    const attribute = upsertAttribute(row, { scope, type, itemType }, current, plan, attributes, key, options.newId);
    if (scope === 'event') link(event.attributes, attribute.id, row.required, true);
    else if (scope === 'system' && row.required) link(event.attributes, attribute.id, true, false);
    // A view attribute's `required` says it is required on every view, so it never loosens one view's link.
    else if (scope === 'view') for (const view of rowViews) link(view.attributes, attribute.id, row.required, false);
  }
  return { plan, rejected };
}

function indexBy<T>(items: T[], key: (item: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) if (!map.has(key(item))) map.set(key(item), item);
  return map;
}

/** Without a scope column, an existing attribute of that name decides (event scope first). */
function findScope(name: string, attributes: Map<string, NativeAttribute>): NativeAttribute['scope'] | null {
  const folded = foldName(name);
  for (const scope of ['event', 'view', 'system', 'user', 'group'] as const)
    if (attributes.has(`${scope}:${folded}`)) return scope;
  return null;
}

function upsertEvent(
  row: CsvPlanRow,
  plan: NativePlan,
  events: Map<string, NativeEvent>,
  newId: () => string,
): NativeEvent {
  const key = foldName(row.event);
  let event = events.get(key);
  if (!event) {
    event = {
      id: newId(),
      name: row.event,
      displayName: '',
      description: '',
      kind: 'track',
      category: '',
      tags: [],
      owners: [],
      status: 'planned',
      trigger: '',
      attributes: [],
    };
    plan.events.push(event);
    events.set(key, event);
  }
  if (row.event_description !== undefined) event.description = row.event_description;
  if (row.kind !== undefined) event.kind = row.kind;
  for (const tag of row.tags) if (!event.tags.includes(tag)) event.tags.push(tag);
  return event;
}

function upsertView(name: string, plan: NativePlan, views: Map<string, NativeView>, newId: () => string): NativeView {
  const key = foldName(name);
  let view = views.get(key);
  if (!view) {
    view = {
      id: newId(),
      name,
      displayName: '',
      description: '',
      type: 'page',
      urlPattern: '',
      screenshotUrl: null,
      tags: [],
      status: 'planned',
      attributes: [],
      events: [],
    };
    plan.views.push(view);
    views.set(key, view);
  }
  return view;
}

function upsertAttribute(
  row: CsvPlanRow,
  resolved: { scope: AttributeScope; type: AttributeType; itemType: ItemType | null },
  current: NativeAttribute | undefined,
  plan: NativePlan,
  attributes: Map<string, NativeAttribute>,
  key: string,
  newId: () => string,
): NativeAttribute {
  let attribute: NativeAttribute;
  if (current) attribute = current;
  else {
    attribute = {
      id: newId(),
      name: row.attribute!,
      displayName: '',
      description: '',
      scope: resolved.scope,
      type: resolved.type,
      itemType: resolved.itemType,
      validation: { kind: 'none' },
      origin: '',
      exposed: true,
      nullable: false,
      pii: false,
      tags: [],
      status: 'planned',
      owners: [],
    };
    plan.attributes.push(attribute);
    attributes.set(key, attribute);
  }
  attribute.type = resolved.type;
  attribute.itemType = resolved.itemType;
  if (row.validation) attribute.validation = row.validation;
  if (row.nullable !== undefined) attribute.nullable = row.nullable;
  if (row.exposed !== undefined) attribute.exposed = row.exposed;
  if (row.origin !== undefined) attribute.origin = row.origin;
  return attribute;
}

/** Adds the link or updates its presence (an empty `required` cell changes nothing); an existing override is kept. */
function link(links: AttributeLink[], attributeId: string, required: boolean | undefined, mayLoosen: boolean) {
  const existing = links.find((l) => l.attributeId === attributeId);
  if (!existing) links.push({ attributeId, presence: required ? 'required' : 'optional' });
  else if (required === true) existing.presence = 'required';
  else if (required === false && mayLoosen) existing.presence = 'optional';
}
