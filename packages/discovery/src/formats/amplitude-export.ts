import type { ObservedEvent, ObservedKind } from '../observed-event';
import * as jsonValues from './json-values';
import type { JsonObject } from './json-values';

// Read once here rather than through the import on every call (a property getter when run from source).
const { RecordProblem, capProperties, copyBag, emptyBag, field, requiredName, setKey, text, isoTime } = jsonValues;

// One event of Amplitude's Export API (a zip of gzipped NDJSON files).

const PAGE_VIEWED = '[Amplitude] Page Viewed';
const SCREEN_VIEWED = '[Amplitude] Screen Viewed';

/** `event_time` is "2024-01-15 10:30:00.000000", in UTC, with microseconds. */
function eventTime(raw: unknown): number {
  if (typeof raw !== 'string') throw new RecordProblem('event_time is missing');
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?Z?$/.exec(raw);
  if (!match) throw new RecordProblem('event_time is not "YYYY-MM-DD HH:MM:SS.ffffff"');
  const millis = (match[3] ?? '').padEnd(3, '0').slice(0, 3);
  const time = isoTime(`${match[1]}T${match[2]}.${millis}Z`);
  if (time === null) throw new RecordProblem('event_time is not a valid date');
  return time;
}

function kindOf(name: string): ObservedKind {
  if (name === '$identify') return 'identify';
  if (name === '$groupidentify') return 'group';
  if (name === PAGE_VIEWED) return 'page';
  if (name === SCREEN_VIEWED) return 'screen';
  return 'track';
}

/**
 * Properties Amplitude's SDKs collect by themselves (`[Amplitude] Page Location`…):
 * the page or screen goes to the context, the rest is the SDK's, not the app's tracking.
 */
const SDK_PREFIX = '[Amplitude] ';

/** The app's properties and the SDK's apart; the bag itself when it holds none of the SDK's (it may be the record's own). */
function splitSdkProperties(bag: JsonObject): { app: JsonObject; sdk: JsonObject } {
  let mixed = false;
  for (const key in bag) {
    if (key.startsWith(SDK_PREFIX)) {
      mixed = true;
      break;
    }
  }
  if (!mixed) return { app: bag, sdk: NO_SDK_PROPERTIES };
  const app = emptyBag();
  const sdk = emptyBag();
  for (const key in bag) setKey(key.startsWith(SDK_PREFIX) ? sdk : app, key, bag[key]);
  return { app, sdk };
}

const NO_SDK_PROPERTIES: JsonObject = Object.freeze({});

export function adaptAmplitudeEvent(record: JsonObject, sourceId: string): ObservedEvent {
  const name = requiredName(record, 'event_type');
  const kind = kindOf(name);
  const { app, sdk } = splitSdkProperties(copyBag(field(record, 'event_properties'), 'event_properties'));
  const { properties, dropped } = capProperties(app);
  const traits = copyBag(field(record, 'user_properties'), 'user_properties');
  const user = text(field(record, 'device_id')) ?? text(field(record, 'user_id'));
  const session = field(record, 'session_id');
  // Amplitude sends session_id -1 for events outside a session.
  const sessionId = typeof session === 'number' && session >= 0 ? String(session) : text(session);
  const event: ObservedEvent = {
    sourceId,
    kind,
    name,
    properties,
    traits,
    context: {
      platform: text(field(record, 'platform')),
      appVersion: text(field(record, 'version_name')),
      library: text(field(record, 'library')),
      environment: null,
      url: kind === 'page' ? (text(sdk['[Amplitude] Page Location']) ?? text(sdk['[Amplitude] Page URL'])) : null,
      screenName: kind === 'screen' ? text(sdk['[Amplitude] Screen Name']) : null,
      sessionKey: user && sessionId && sessionId !== '-1' ? `${user}:${sessionId}` : user,
    },
    eventTime: eventTime(field(record, 'event_time')),
  };
  if (dropped > 0) event.truncatedProperties = dropped;
  return event;
}
