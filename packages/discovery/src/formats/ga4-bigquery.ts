import type { NativeValueType, ObservedEvent, ObservedKind } from '../observed-event';
import * as jsonValues from './json-values';
import type { JsonObject } from './json-values';

// Read once here rather than through the import on every call (a property getter when run from source).
const { RecordProblem, capProperties, copyValue, emptyBag, field, isObject, objectField, requiredName, setKey, text } =
  jsonValues;

// One row of GA4's BigQuery export (`events_YYYYMMDD`), as NDJSON.

/**
 * Parameters GA4's own SDKs add to every event (session, engagement, screen and
 * page bookkeeping): they describe the pipe, not the app's tracking, so they go
 * to the context (or nowhere) rather than counting as the app's properties.
 */
const COLLECTION_PARAMS = new Set([
  'ga_session_id',
  'ga_session_number',
  'engagement_time_msec',
  'session_engaged',
  'entrances',
  'ignore_referrer',
  'debug_mode',
  'batch_page_id',
  'batch_ordering_id',
  'page_location',
  'page_referrer',
  'firebase_event_origin',
  'firebase_screen',
  'firebase_screen_id',
  'firebase_screen_class',
  'firebase_previous_screen',
  'firebase_previous_class',
  'firebase_previous_id',
]);

const VALUE_FIELDS: readonly NativeValueType[] = ['string_value', 'int_value', 'float_value', 'double_value'];

interface ReadParams {
  values: JsonObject;
  nativeTypes: Record<string, NativeValueType>;
}

/**
 * GA4 sets exactly one of the value fields; which one is kept, because GA4
 * silently splits one parameter across `string_value` and `int_value`.
 * INT64 arrives as a JSON string in most exports: read back as a number when exact.
 */
function readParams(list: unknown, name: string, collected?: JsonObject): ReadParams {
  const values = emptyBag();
  const nativeTypes: Record<string, NativeValueType> = {};
  if (list === undefined || list === null) return { values, nativeTypes };
  if (!Array.isArray(list)) throw new RecordProblem(`${name} is not an array`);
  for (const entry of list) {
    if (!isObject(entry)) throw new RecordProblem(`${name} has an entry that is not an object`);
    const key = field(entry, 'key');
    if (typeof key !== 'string' || key.length === 0) throw new RecordProblem(`${name} has an entry without a key`);
    const value = objectField(entry, 'value');
    const isCollected = collected !== undefined && COLLECTION_PARAMS.has(key);
    let read: unknown = null;
    if (value) {
      for (const valueField of VALUE_FIELDS) {
        const raw = value[valueField];
        if (raw === undefined || raw === null) continue;
        read = valueField === 'int_value' ? readInt64(raw) : copyValue(raw, 2);
        if (!isCollected) setKey(nativeTypes, key, valueField);
        break;
      }
    }
    setKey(isCollected ? collected : values, key, read);
  }
  return { values, nativeTypes };
}

function readInt64(raw: unknown): unknown {
  if (typeof raw === 'string' && /^-?\d+$/.test(raw)) {
    const number = Number(raw);
    return Number.isSafeInteger(number) ? number : raw;
  }
  return raw;
}

/** `event_timestamp` is in microseconds, as a number or (INT64) a string. */
function eventTime(row: JsonObject): number {
  const raw = field(row, 'event_timestamp');
  const micros = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof micros !== 'number' || !Number.isFinite(micros)) throw new RecordProblem('event_timestamp is missing');
  return Math.floor(micros / 1000);
}

function kindOf(name: string): ObservedKind {
  if (name === 'page_view') return 'page';
  if (name === 'screen_view') return 'screen';
  return 'track';
}

export function adaptGa4Row(row: JsonObject, sourceId: string): ObservedEvent {
  const name = requiredName(row, 'event_name');
  const collected = emptyBag();
  const { values, nativeTypes } = readParams(field(row, 'event_params'), 'event_params', collected);
  const traits = readParams(field(row, 'user_properties'), 'user_properties').values;
  const items = field(row, 'items');
  if (Array.isArray(items) && items.length > 0) setKey(values, 'items', copyValue(items, 2));
  const appInfo = objectField(row, 'app_info');
  const device = objectField(row, 'device');
  const sessionId = text(collected['ga_session_id']);
  const userPseudoId = text(field(row, 'user_pseudo_id'));
  const kind = kindOf(name);
  const { properties, dropped } = capProperties(values);
  const event: ObservedEvent = {
    sourceId,
    kind,
    name,
    properties,
    traits,
    nativeTypes,
    context: {
      platform: text(field(row, 'platform')) ?? (device ? text(field(device, 'operating_system')) : null),
      appVersion: appInfo ? text(field(appInfo, 'version')) : null,
      library: 'ga4',
      environment: null,
      url: kind === 'page' ? text(collected['page_location']) : null,
      screenName: kind === 'screen' ? (text(collected['firebase_screen']) ?? text(values['screen_name'])) : null,
      sessionKey: userPseudoId && sessionId ? `${userPseudoId}:${sessionId}` : userPseudoId,
    },
    eventTime: eventTime(row),
  };
  if (dropped > 0) event.truncatedProperties = dropped;
  return event;
}
