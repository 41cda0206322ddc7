import { field, isObject, objectField, type JsonObject } from './json-values';
import type { SourceFormat } from './source-format';

/**
 * The format of a source from its first record, by the fields only that format
 * has; null when the shape is none of them. An array or a `{ batch }` is judged
 * by its first element.
 */
export function detectFormat(firstRecord: unknown): SourceFormat | null {
  let record: unknown = firstRecord;
  if (Array.isArray(record)) record = record[0];
  if (!isObject(record)) return null;
  const batch = field(record, 'batch');
  if (Array.isArray(batch)) return isObject(batch[0]) ? specMessageFormat(batch[0]) : null;

  if (typeof field(record, 'event_name') === 'string' && ('event_params' in record || 'event_timestamp' in record)) {
    return 'ga4-bigquery';
  }
  if (
    typeof field(record, 'event_type') === 'string' &&
    ('event_time' in record || 'insert_id' in record || '$insert_id' in record || 'amplitude_id' in record)
  ) {
    return 'amplitude-export';
  }
  const events = field(record, 'events');
  if (Array.isArray(events) && (isObject(events[0]) || 'environment' in record || 'mpid' in record)) {
    const first = events[0];
    if (!isObject(first) || ('event_type' in first && 'data' in first)) return 'mparticle';
  }
  const schema = field(record, 'schema');
  if (typeof schema === 'string' && schema.startsWith('iglu:')) return 'snowplow';
  return specMessageFormat(record);
}

/** RudderStack messages carry a `rudderId` or `channel`, or name a RudderStack library; otherwise Segment. */
function specMessageFormat(record: JsonObject): SourceFormat | null {
  const type = field(record, 'type');
  if (!['track', 'page', 'screen', 'identify', 'group', 'alias'].includes(String(type))) return null;
  if (!('event' in record || 'name' in record || 'properties' in record || 'traits' in record)) {
    if (!('messageId' in record || 'anonymousId' in record || 'userId' in record)) return null;
  }
  if ('rudderId' in record || 'channel' in record) return 'rudderstack';
  const context = objectField(record, 'context');
  const library = context ? objectField(context, 'library') : undefined;
  const name = library ? field(library, 'name') : undefined;
  if (typeof name === 'string' && /rudder/i.test(name)) return 'rudderstack';
  return 'segment';
}
