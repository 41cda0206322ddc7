import type { ObservedEvent } from '../observed-event';
import * as jsonValues from './json-values';
import type { JsonObject } from './json-values';

// Read once here rather than through the import on every call (a property getter when run from source).
const { RecordProblem, copyProperties, copyBag, field, isObject, objectField, requiredName, text } = jsonValues;

// One mParticle batch (its JSON API / webhook shape): `events[]` with their
// `data`, plus the batch-wide user, device, application and environment.

/** Batch events that are not an app's own tracking: read past quietly. */
const LIFECYCLE_TYPES = new Set([
  'session_start',
  'session_end',
  'application_state_transition',
  'opt_out',
  'uninstall',
  'push_registration',
  'push_message',
  'network_performance',
  'breadcrumb',
  'crash_report',
  'first_run',
  'user_attribute_change',
  'user_identity_change',
]);

export interface MparticleResult {
  events: ObservedEvent[];
  problems: string[];
}

export function adaptMparticleBatch(batch: JsonObject, sourceId: string): MparticleResult {
  const list = field(batch, 'events');
  if (!Array.isArray(list)) throw new RecordProblem('events is missing');
  const device = objectField(batch, 'device_info');
  const application = objectField(batch, 'application_info');
  const traits = copyBag(field(batch, 'user_attributes'), 'user_attributes');
  const batchContext = {
    platform: (device ? text(field(device, 'platform')) : null) ?? text(field(batch, 'platform')),
    appVersion: application ? text(field(application, 'application_version')) : null,
    library: 'mparticle',
    environment: text(field(batch, 'environment')),
  };
  const user = text(field(batch, 'mpid')) ?? (device ? text(field(device, 'device_application_stamp')) : null);
  const events: ObservedEvent[] = [];
  const problems: string[] = [];
  list.forEach((entry, index) => {
    try {
      if (!isObject(entry)) throw new RecordProblem('is not an object');
      const type = field(entry, 'event_type');
      if (typeof type === 'string' && LIFECYCLE_TYPES.has(type)) return;
      if (type !== 'custom_event' && type !== 'screen_view' && type !== 'commerce_event') {
        throw new RecordProblem(`event_type "${String(type)}" is not custom_event, screen_view or commerce_event`);
      }
      const data = objectField(entry, 'data');
      if (!data) throw new RecordProblem('data is missing');
      const name = requiredName(data, 'event_name');
      const { properties, dropped } = copyProperties(field(data, 'custom_attributes'), 'custom_attributes');
      const time = field(data, 'timestamp_unixtime_ms');
      if (typeof time !== 'number' || !Number.isFinite(time))
        throw new RecordProblem('timestamp_unixtime_ms is missing');
      const session = text(field(data, 'session_uuid')) ?? text(field(data, 'session_id'));
      const event: ObservedEvent = {
        sourceId,
        kind: type === 'screen_view' ? 'screen' : 'track',
        name,
        properties,
        traits,
        context: {
          ...batchContext,
          screenName: type === 'screen_view' ? name : null,
          sessionKey: user && session ? `${user}:${session}` : (session ?? user),
        },
        eventTime: time,
      };
      if (dropped > 0) event.truncatedProperties = dropped;
      events.push(event);
    } catch (error) {
      if (!(error instanceof RecordProblem)) throw error;
      problems.push(`events[${index}]: ${error.message}`);
    }
  });
  return { events, problems };
}
