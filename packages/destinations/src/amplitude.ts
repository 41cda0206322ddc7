import type { AmplitudeSettings, Attribute, DestinationWarning, Validation } from '@tracemap/contracts';
import { amplitudeShape, enumValuesOf, truthy, type AmplitudeValueShape } from './amplitude-types';
import { dataList, text } from './answers';
import { sameJson } from './canonical';
import { keyedDiff } from './keyed-diff';
import { isManaged, withManagedMark } from './managed';
import {
  formHeaders,
  type DestinationAdapter,
  type Desired,
  type Keyed,
  type Operation,
  type PlannedRequest,
  type RemoteItem,
} from './model';
import { claimName, desiredDraft, warn } from './plan';

/**
 * Amplitude limits a project by cost, not by calls: 7,200 an hour and 4 at a time, where a read
 * costs 1 and a write (create, change, delete) costs 2.
 */
export const AMPLITUDE_COST_PER_HOUR = 7200;
export const AMPLITUDE_WRITE_COST = 2;
export const AMPLITUDE_TAXONOMY = '/api/2/taxonomy';

export type AmplitudeItem =
  | { kind: 'event'; eventType: string; category: string; description: string }
  | ({
      kind: 'event-property';
      eventType: string;
      property: string;
      description: string;
      isRequired: boolean;
    } & AmplitudeValueShape)
  | ({ kind: 'user-property'; property: string; description: string } & AmplitudeValueShape);

const EVENT_PROPERTY_KEY = 'event-property:';
const keyOf = (item: AmplitudeItem): string =>
  item.kind === 'event'
    ? `event:${item.eventType}`
    : item.kind === 'event-property'
      ? `${EVENT_PROPERTY_KEY}${item.eventType}:${item.property}`
      : `user-property:${item.property}`;
const keyed = (item: AmplitudeItem): Keyed<AmplitudeItem> => ({ key: keyOf(item), target: item.kind, item });

function desired(
  snapshot: Parameters<AmplitudeAdapter['desired']>[0],
  settings: AmplitudeSettings,
): Desired<AmplitudeItem> {
  const { plan, names, warnings, items, add, taken } = desiredDraft(snapshot, settings.names, keyed);
  // Most events carry an attribute as the plan defines it: its Amplitude form is worked out once.
  const shared = new Map<Attribute, AmplitudeValueShape & { property: string; description: string }>();
  const propertyOf = (attribute: Attribute, validation: Validation) => {
    const own = validation === attribute.validation || sameJson(validation, attribute.validation);
    const held = own ? shared.get(attribute) : undefined;
    if (held) return held;
    const made = {
      property: names.property(attribute.name),
      description: withManagedMark(attribute.description),
      ...amplitudeShape(attribute, validation, warnings),
    };
    if (own) shared.set(attribute, made);
    return made;
  };
  for (const event of plan.events) {
    if (event.kind === 'identify' || event.kind === 'group') {
      warn(warnings, {
        code: 'not_representable',
        subject: event.name,
        message: `Amplitude has no ${event.kind} events in its taxonomy; "${event.name}" is left out (user properties carry the traits).`,
      });
      continue;
    }
    const eventType = names.event(event.name);
    if (!claimName(taken, eventType, warnings, 'Amplitude')) continue;
    add({ kind: 'event', eventType, category: event.category, description: withManagedMark(event.description) });
    // Some 400,000 properties on a 10,000-event plan: each key is the event's prefix and the
    // property name, and each item is built field by field and set directly, not spread or re-keyed.
    const prefix = `${EVENT_PROPERTY_KEY}${eventType}:`;
    plan.usesOf(event)((attribute, validation, presence) => {
      const shape = propertyOf(attribute, validation);
      const key = prefix + shape.property;
      const item: AmplitudeItem = {
        kind: 'event-property',
        eventType,
        property: shape.property,
        description: shape.description,
        isRequired: presence === 'required',
        type: shape.type,
        regex: shape.regex,
        enumValues: shape.enumValues,
        isArrayType: shape.isArrayType,
      };
      items.set(key, { key, target: 'event-property', item });
    });
  }
  for (const attribute of plan.user)
    add({
      kind: 'user-property',
      property: names.property(attribute.name),
      description: withManagedMark(attribute.description),
      ...amplitudeShape(attribute, attribute.validation, warnings),
    });
  if (plan.group.length > 0)
    warn(warnings, {
      code: 'not_representable',
      subject: 'group attributes',
      message: 'Amplitude group properties are not part of its taxonomy API; group attributes are left out.',
    });
  return { items, warnings };
}

const dataOf = (answer: unknown) => dataList(answer, 'Amplitude');
const shapeOf = (r: Record<string, unknown>): AmplitudeValueShape => ({
  type: (text(r.type) || 'any') as AmplitudeValueShape['type'],
  regex: text(r.regex),
  enumValues: enumValuesOf(r.enum_values),
  isArrayType: truthy(r.is_array_type),
});
const remote = (item: AmplitudeItem): RemoteItem<AmplitudeItem> => ({
  ...keyed(item),
  managed: isManaged(item.description),
});

/** `GET /event`, `GET /event-property` and `GET /user-property` answers as one model. */
export function parseAmplitudeTaxonomy(answers: {
  events: unknown;
  eventProperties: unknown;
  userProperties: unknown;
}): Map<string, RemoteItem<AmplitudeItem>> {
  const items: RemoteItem<AmplitudeItem>[] = [
    ...dataOf(answers.events).map((r) =>
      remote({
        kind: 'event',
        eventType: text(r.event_type),
        category: text((r.category as { name?: unknown } | null)?.name),
        description: text(r.description),
      }),
    ),
    ...dataOf(answers.eventProperties).map((r) =>
      remote({
        kind: 'event-property',
        eventType: text(r.event_type),
        property: text(r.event_property),
        description: text(r.description),
        isRequired: truthy(r.is_required),
        ...shapeOf(r),
      }),
    ),
    // Amplitude prefixes custom user properties with `gp:` in its answers, not in what it is sent.
    ...dataOf(answers.userProperties).map((r) =>
      remote({
        kind: 'user-property',
        property: text(r.user_property).replace(/^gp:/, ''),
        description: text(r.description),
        ...shapeOf(r),
      }),
    ),
  ];
  return new Map(items.map((item) => [item.key, item]));
}

const enc = encodeURIComponent;
/** A form body; built by hand because a preview of a large plan builds hundreds of thousands of them. */
function form(fields: Record<string, string | boolean | undefined>): string {
  let body = '';
  for (const name in fields) {
    const value = fields[name];
    if (value === undefined || value === '') continue;
    body += `${body ? '&' : ''}${name}=${enc(String(value))}`;
  }
  return body;
}
const shapeFields = (i: AmplitudeValueShape) => ({
  type: i.type,
  regex: i.regex,
  enum_values: i.enumValues.join(','),
  is_array_type: i.isArrayType,
});

function fieldsOf(item: AmplitudeItem): {
  path: string;
  create: Record<string, string | boolean>;
  update: Record<string, string | boolean>;
} {
  if (item.kind === 'event') {
    const fields = { category: item.category, description: item.description };
    return { path: `/event/${enc(item.eventType)}`, create: { event_type: item.eventType, ...fields }, update: fields };
  }
  if (item.kind === 'event-property') {
    const fields = { description: item.description, ...shapeFields(item), is_required: item.isRequired };
    return {
      path: `/event-property/${enc(item.property)}`,
      create: { event_type: item.eventType, event_property: item.property, ...fields },
      update: { event_type: item.eventType, ...fields },
    };
  }
  const fields = { description: item.description, ...shapeFields(item) };
  return {
    path: `/user-property/${enc(item.property)}`,
    create: { user_property: item.property, ...fields },
    update: fields,
  };
}

const collection = (item: AmplitudeItem) => `${AMPLITUDE_TAXONOMY}/${item.kind}`;
const ORDER: AmplitudeItem['kind'][] = ['event', 'event-property', 'user-property'];

function costWarnings(writeCalls: number): DestinationWarning[] {
  const cost = writeCalls * AMPLITUDE_WRITE_COST;
  if (cost <= AMPLITUDE_COST_PER_HOUR) return [];
  return [
    {
      code: 'limit',
      message: `This push makes ${writeCalls} write calls, a cost of ${cost}; Amplitude allows a cost of ${AMPLITUDE_COST_PER_HOUR} an hour (a write costs ${AMPLITUDE_WRITE_COST}), so it waits out its limit and takes more than an hour.`,
    },
  ];
}

/**
 * Form-encoded calls: a create is a POST, and when Amplitude answers 409 (the item exists but was
 * not in what was read) the same fields go as a PUT. Events come before their properties; deletes
 * go properties first.
 */
function requestsFor(operations: Operation<AmplitudeItem>[]): ReturnType<AmplitudeAdapter['requestsFor']> {
  const writes = ORDER.map(() => [] as Operation<AmplitudeItem>[]);
  const deletes = ORDER.map(() => [] as Operation<AmplitudeItem>[]);
  for (const op of operations)
    (op.action === 'delete' ? deletes : writes)[ORDER.indexOf((op.desired ?? op.remote!.item).kind)].push(op);
  const requests: PlannedRequest[] = [];
  for (const op of writes.flat()) {
    const item = op.desired!;
    const put = (): PlannedRequest => {
      const { path, update } = fieldsOf(item);
      return {
        method: 'PUT',
        path: `${AMPLITUDE_TAXONOMY}${path}`,
        headers: formHeaders,
        body: form(update),
        operationKeys: [op.key],
      };
    };
    requests.push(
      op.action === 'update'
        ? put()
        : {
            method: 'POST',
            path: collection(item),
            headers: formHeaders,
            body: form(fieldsOf(item).create),
            operationKeys: [op.key],
            onConflict: put,
          },
    );
  }
  for (const op of deletes.reverse().flat()) {
    const item = op.remote!.item;
    const { path } = fieldsOf(item);
    requests.push({
      method: 'DELETE',
      path: `${AMPLITUDE_TAXONOMY}${path}`,
      headers: formHeaders,
      body: item.kind === 'event-property' ? form({ event_type: item.eventType }) : undefined,
      operationKeys: [op.key],
    });
  }
  return { requests, deferred: [], warnings: costWarnings(requests.length) };
}

/** A loop, not `some`: no callback made for each of the 400,000 comparisons. */
function sameValues(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Field by field: a 10,000-event plan compares some 400,000 properties on every push. */
function sameItem(a: AmplitudeItem, b: AmplitudeItem): boolean {
  if (a.kind !== b.kind || a.description !== b.description) return false;
  if (a.kind === 'event') return b.kind === 'event' && a.eventType === b.eventType && a.category === b.category;
  const x = a as Extract<AmplitudeItem, AmplitudeValueShape>;
  const y = b as Extract<AmplitudeItem, AmplitudeValueShape>;
  if (x.property !== y.property || x.type !== y.type || x.regex !== y.regex || x.isArrayType !== y.isArrayType)
    return false;
  if (!sameValues(x.enumValues, y.enumValues)) return false;
  if (a.kind === 'user-property') return true;
  const p = b as Extract<AmplitudeItem, { kind: 'event-property' }>;
  return a.eventType === p.eventType && a.isRequired === p.isRequired;
}

export type AmplitudeAdapter = DestinationAdapter<AmplitudeSettings, AmplitudeItem>;

export const amplitude: AmplitudeAdapter = {
  kind: 'amplitude',
  desired,
  diff: (wanted, held, mode) => keyedDiff(wanted, held, mode, sameItem),
  requestsFor,
  estimate: (operations) => ({ writeCalls: operations.length, warnings: costWarnings(operations.length) }),
  empty: () => new Map(),
};
