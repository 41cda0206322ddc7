import type { RudderstackSettings } from '@tracemap/contracts';
import { dataList, text } from './answers';
import { sameJson } from './canonical';
import { keyedDiff } from './keyed-diff';
import { isManaged, withManagedMark } from './managed';
import {
  jsonHeaders,
  type DestinationAdapter,
  type Desired,
  type Keyed,
  type Operation,
  type PlannedRequest,
  type RemoteItem,
} from './model';
import { claimName, desiredDraft, warn } from './plan';
import { propConfig, rudderstackNameOk, rudderstackType } from './rudderstack-types';

export type RudderstackItem =
  | { kind: 'catalog-event'; name: string; eventType: string; description: string }
  | { kind: 'catalog-property'; name: string; type: string; description: string; propConfig: Record<string, unknown> }
  | { kind: 'plan-event'; name: string; eventType: string; properties: { name: string; required: boolean }[] };

const keyOf = (item: RudderstackItem) => `${item.kind}:${item.name}`;
const keyed = (item: RudderstackItem): Keyed<RudderstackItem> => ({ key: keyOf(item), target: item.kind, item });

function desired(
  snapshot: Parameters<RudderstackAdapter['desired']>[0],
  settings: RudderstackSettings,
): Desired<RudderstackItem> {
  const { plan, names, warnings, items, add, taken } = desiredDraft(snapshot, settings.names, keyed);
  const propertyOf = new Map<string, string>();
  for (const event of plan.events) {
    const name = names.event(event.name);
    if (!rudderstackNameOk(name, 'event', warnings) || !claimName(taken, name, warnings, 'RudderStack')) continue;
    add({ kind: 'catalog-event', name, eventType: event.kind, description: withManagedMark(event.description) });
    const properties: { name: string; required: boolean }[] = [];
    plan.usesOf(event)((attribute, validation, presence) => {
      const property = names.property(attribute.name);
      if (!rudderstackNameOk(property, 'property', warnings)) return;
      const owner = propertyOf.get(property);
      if (owner && owner !== attribute.id) {
        claimName(new Set([property]), property, warnings, 'RudderStack');
        return;
      }
      properties.push({ name: property, required: presence === 'required' });
      // Catalog properties are shared by every event, so a narrowing on one event has no place.
      if (validation !== attribute.validation && !sameJson(validation, attribute.validation))
        warn(warnings, {
          code: 'not_representable',
          subject: `${property}:narrowed`,
          message: `RudderStack catalog properties are shared by all events; the narrower check of "${property}" on some events is left out.`,
        });
      // The catalog property is the attribute's, whatever the event: made once.
      if (owner) return;
      propertyOf.set(property, attribute.id);
      add({
        kind: 'catalog-property',
        name: property,
        type: rudderstackType(attribute),
        description: withManagedMark(attribute.description),
        propConfig: propConfig(attribute, attribute.validation),
      });
    });
    properties.sort((a, b) => a.name.localeCompare(b.name));
    add({ kind: 'plan-event', name, eventType: event.kind, properties });
  }
  return { items, warnings };
}

const listOf = (answer: unknown) => dataList(answer, 'RudderStack');

/**
 * The catalog's events and properties and the tracking plan's events (each as read one by one,
 * with its properties) as one model. A plan event counts as Tracemap's when its catalog event does.
 */
export function parseRudderstackCatalog(answers: {
  events: unknown[];
  properties: unknown[];
  planEvents: unknown[];
}): Map<string, RemoteItem<RudderstackItem>> {
  const out = new Map<string, RemoteItem<RudderstackItem>>();
  const put = (item: RudderstackItem, id: string, managed: boolean) =>
    out.set(keyOf(item), { ...keyed(item), id, managed });
  const propertyNames = new Map<string, string>();
  for (const r of answers.events.flatMap(listOf))
    put(
      { kind: 'catalog-event', name: text(r.name), eventType: text(r.eventType), description: text(r.description) },
      text(r.id),
      isManaged(r.description),
    );
  for (const r of answers.properties.flatMap(listOf)) {
    propertyNames.set(text(r.id), text(r.name));
    put(
      {
        kind: 'catalog-property',
        name: text(r.name),
        type: text(r.type),
        description: text(r.description),
        propConfig: (r.propConfig as Record<string, unknown>) ?? {},
      },
      text(r.id),
      isManaged(r.description),
    );
  }
  for (const raw of answers.planEvents) {
    const r = raw as Record<string, unknown>;
    const properties = ((r.properties as Record<string, unknown>[]) ?? [])
      .map((p) => ({
        name: text(p.name) || propertyNames.get(text(p.id)) || text(p.id),
        required: p.required === true,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const name = text(r.name);
    put(
      { kind: 'plan-event', name, eventType: text(r.eventType), properties },
      text(r.id),
      out.get(`catalog-event:${name}`)?.managed ?? false,
    );
  }
  return out;
}

const tp = (settings: RudderstackSettings) =>
  `/v2/catalog/tracking-plans/${encodeURIComponent(settings.trackingPlanId)}`;
const RANK: Record<RudderstackItem['kind'], number> = { 'catalog-property': 0, 'catalog-event': 1, 'plan-event': 2 };

/**
 * Catalog properties and events first, then one `PUT …/events` per tracking-plan event naming them
 * by id (it upserts the events given and leaves the others; `PATCH` takes an event as a JSON
 * Schema instead).
 * An event whose catalog entries are created in the same push waits (`deferred`) until their ids
 * are known; deletes go the other way round.
 */
function requestsFor(
  operations: Operation<RudderstackItem>[],
  settings: RudderstackSettings,
  remote: Map<string, RemoteItem<RudderstackItem>>,
): ReturnType<RudderstackAdapter['requestsFor']> {
  const rank = (op: Operation<RudderstackItem>) => RANK[(op.desired ?? op.remote!.item).kind];
  const writes = operations.filter((op) => op.action !== 'delete').sort((a, b) => rank(a) - rank(b));
  const deletes = operations.filter((op) => op.action === 'delete').sort((a, b) => rank(b) - rank(a));
  const requests: PlannedRequest[] = [];
  const deferred: Operation<RudderstackItem>[] = [];
  const idOf = (key: string) => remote.get(key)?.id;
  for (const op of writes) {
    const item = op.desired!;
    const json = (method: PlannedRequest['method'], path: string, body: unknown): PlannedRequest => ({
      method,
      path,
      headers: jsonHeaders,
      body: JSON.stringify(body),
      operationKeys: [op.key],
    });
    if (item.kind === 'catalog-event') {
      const body = { name: item.name, description: item.description, eventType: item.eventType };
      requests.push(
        op.action === 'create'
          ? json('POST', '/v2/catalog/events', body)
          : json('PUT', `/v2/catalog/events/${op.remote!.id}`, body),
      );
    } else if (item.kind === 'catalog-property') {
      const body = { name: item.name, description: item.description, type: item.type, propConfig: item.propConfig };
      requests.push(
        op.action === 'create'
          ? json('POST', '/v2/catalog/properties', body)
          : json('PUT', `/v2/catalog/properties/${op.remote!.id}`, body),
      );
    } else {
      const eventId = idOf(`catalog-event:${item.name}`);
      const propertyIds = item.properties.map((p) => ({
        id: idOf(`catalog-property:${p.name}`),
        required: p.required,
      }));
      if (!eventId || propertyIds.some((p) => !p.id)) {
        deferred.push(op);
        continue;
      }
      const identitySection = item.eventType === 'identify' || item.eventType === 'group' ? 'traits' : 'properties';
      requests.push(
        json('PUT', `${tp(settings)}/events`, {
          events: [{ id: eventId, additionalProperties: false, identitySection, properties: propertyIds }],
        }),
      );
    }
  }
  for (const op of deletes) {
    const item = op.remote!.item;
    const path =
      item.kind === 'plan-event'
        ? `${tp(settings)}/events/${op.remote!.id}`
        : item.kind === 'catalog-event'
          ? `/v2/catalog/events/${op.remote!.id}`
          : `/v2/catalog/properties/${op.remote!.id}`;
    requests.push({ method: 'DELETE', path, headers: {}, operationKeys: [op.key] });
  }
  return { requests, deferred, warnings: [] };
}

export const rudderstackPlanEventsPath = (settings: RudderstackSettings) => `${tp(settings)}/events`;

/** One tracking-plan event with its properties named by catalog id (the other format is a JSON Schema). */
export const rudderstackPlanEventPath = (settings: RudderstackSettings, eventId: string) =>
  `${tp(settings)}/events/${encodeURIComponent(eventId)}?format=properties`;

export type RudderstackAdapter = DestinationAdapter<RudderstackSettings, RudderstackItem>;

export const rudderstack: RudderstackAdapter = {
  kind: 'rudderstack',
  desired,
  diff: (wanted, held, mode) => keyedDiff(wanted, held, mode, sameJson),
  requestsFor,
  estimate: (operations) => ({ writeCalls: operations.length, warnings: [] }),
  empty: () => new Map(),
};
