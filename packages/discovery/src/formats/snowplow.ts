import type { ObservedEvent, ObservedKind } from '../observed-event';
import * as jsonValues from './json-values';
import type { JsonObject } from './json-values';

// Read once here rather than through the import on every call (a property getter when run from source).
const { RecordProblem, copyProperties, field, isObject, isoTime, objectField, text } = jsonValues;

// A Snowplow self-describing event: `{ schema: "iglu:vendor/name/jsonschema/1-0-0", data }`.
// The event is named by the schema's name; its vendor and version say which
// tracker definition sent it. Enriched fields next to it (timestamps, platform,
// session, page URL, the mobile application context) are read when present.

const IGLU = /^iglu:([^/]+)\/([^/]+)\/jsonschema\/(\d+-\d+-\d+)$/;
const UNSTRUCT_EVENT = 'com.snowplowanalytics.snowplow/unstruct_event';
const APPLICATION_CONTEXT = 'com.snowplowanalytics.mobile/application';

export interface IgluRef {
  vendor: string;
  name: string;
  version: string;
}

export function parseIglu(value: unknown): IgluRef | null {
  if (typeof value !== 'string') return null;
  const match = IGLU.exec(value);
  return match ? { vendor: match[1]!, name: match[2]!, version: match[3]! } : null;
}

function appVersion(record: JsonObject): string | null {
  const contexts = field(record, 'contexts');
  const list = isObject(contexts) ? field(contexts, 'data') : contexts;
  if (!Array.isArray(list)) return null;
  for (const entry of list) {
    if (!isObject(entry)) continue;
    const ref = parseIglu(field(entry, 'schema'));
    const data = objectField(entry, 'data');
    if (ref && data && `${ref.vendor}/${ref.name}` === APPLICATION_CONTEXT) return text(field(data, 'version'));
  }
  return null;
}

function kindOf(name: string): ObservedKind {
  if (name === 'page_view') return 'page';
  if (name === 'screen_view') return 'screen';
  return 'track';
}

export function adaptSnowplowEvent(record: JsonObject, sourceId: string, receivedAt?: number): ObservedEvent {
  let ref = parseIglu(field(record, 'schema'));
  if (!ref) throw new RecordProblem('schema is not "iglu:vendor/name/jsonschema/M-R-A"');
  let payload: unknown = field(record, 'data');
  if (`${ref.vendor}/${ref.name}` === UNSTRUCT_EVENT) {
    if (!isObject(payload)) throw new RecordProblem('data is not a self-describing event');
    ref = parseIglu(field(payload, 'schema'));
    if (!ref) throw new RecordProblem('data.schema is not "iglu:vendor/name/jsonschema/M-R-A"');
    payload = field(payload, 'data');
  }
  const kind = kindOf(ref.name);
  const { properties, dropped } = copyProperties(payload, 'data');
  const time =
    isoTime(field(record, 'dvce_created_tstamp')) ??
    isoTime(field(record, 'collector_tstamp')) ??
    isoTime(field(record, 'timestamp')) ??
    receivedAt ??
    null;
  if (time === null) throw new RecordProblem('dvce_created_tstamp is missing');
  const user = text(field(record, 'domain_userid')) ?? text(field(record, 'user_id'));
  const session = text(field(record, 'domain_sessionid'));
  const event: ObservedEvent = {
    sourceId,
    kind,
    name: ref.name,
    properties,
    context: {
      platform: text(field(record, 'platform')),
      appVersion: appVersion(record) ?? text(field(record, 'app_version')),
      library: `${ref.vendor}@${ref.version}`,
      environment: text(field(record, 'environment')),
      url: kind === 'page' ? (text(field(record, 'page_url')) ?? text(properties['page_url'])) : null,
      screenName: kind === 'screen' ? text(properties['name']) : null,
      sessionKey: session ? (user ? `${user}:${session}` : session) : user,
    },
    eventTime: time,
  };
  if (dropped > 0) event.truncatedProperties = dropped;
  return event;
}
