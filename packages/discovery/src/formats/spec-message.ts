import type { ObservedEvent, ObservedKind } from '../observed-event';
import * as jsonValues from './json-values';
import type { JsonObject } from './json-values';

// Read once here rather than through the import on every call (a property getter when run from source).
const { RecordProblem, copyProperties, copyBag, field, isoTime, objectField, requiredName, text } = jsonValues;

// Segment's and RudderStack's spec messages share one shape: track, page,
// screen, identify and group calls, alone or in `{ batch: [...] }`.

const KINDS: readonly ObservedKind[] = ['track', 'page', 'screen', 'identify', 'group'];

function kindOf(record: JsonObject): ObservedKind {
  const type = field(record, 'type');
  if (type === undefined || type === null) throw new RecordProblem('type is missing');
  const kind = KINDS.includes(type as ObservedKind) ? (type as ObservedKind) : undefined;
  if (!kind) throw new RecordProblem(`type "${String(type)}" is not track, page, screen, identify or group`);
  return kind;
}

const TIME_FIELDS = ['timestamp', 'originalTimestamp', 'sentAt', 'receivedAt'];

/** A live message without any time of its own happened when it arrived, as Segment's own API reads it. */
function eventTime(record: JsonObject, receivedAt: number | undefined): number {
  for (const key of TIME_FIELDS) {
    const time = isoTime(field(record, key));
    if (time !== null) return time;
  }
  if (receivedAt !== undefined) return receivedAt;
  throw new RecordProblem('timestamp is missing');
}

function nameOf(kind: ObservedKind, record: JsonObject, properties: JsonObject, page: JsonObject | undefined): string {
  if (kind === 'track') return requiredName(record, 'event');
  if (kind === 'identify' || kind === 'group') return kind;
  return text(field(record, 'name')) ?? text(properties['name']) ?? (page ? text(field(page, 'path')) : null) ?? kind;
}

export function adaptSpecMessage(record: JsonObject, sourceId: string, receivedAt?: number): ObservedEvent {
  const kind = kindOf(record);
  const context = objectField(record, 'context') ?? {};
  const page = objectField(context, 'page');
  const app = objectField(context, 'app');
  const library = objectField(context, 'library');
  const os = objectField(context, 'os');
  const { properties, dropped } = copyProperties(field(record, 'properties'), 'properties');
  const name = nameOf(kind, record, properties, page);
  const traits = copyBag(field(record, 'traits') ?? field(context, 'traits'), 'traits');
  const user = text(field(record, 'anonymousId')) ?? text(field(record, 'userId'));
  // RudderStack's SDKs send a session id; Segment's do not, so a user's events form one sequence.
  const session = text(field(context, 'sessionId'));
  const url = page ? (text(field(page, 'url')) ?? text(field(page, 'path'))) : null;
  const event: ObservedEvent = {
    sourceId,
    kind,
    name,
    properties,
    traits,
    context: {
      platform: os ? text(field(os, 'name')) : null,
      appVersion: app ? text(field(app, 'version')) : null,
      library: library ? text(field(library, 'name')) : null,
      environment: null,
      url: kind === 'page' ? (url ?? text(properties['url'])) : null,
      screenName: kind === 'screen' ? name : null,
      sessionKey: user && session ? `${user}:${session}` : user,
    },
    eventTime: eventTime(record, receivedAt),
  };
  if (dropped > 0) event.truncatedProperties = dropped;
  return event;
}
