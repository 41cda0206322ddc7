import type { SourceFormat } from '../formats/source-format';
import type { TrafficEvent, TrafficSession } from './sessions';

// The same traffic in each source's own shape, with the field names that
// source uses. Each encoder turns one session's events into records: one per
// event, or one batch per session where the source sends batches (mParticle).

export type TrafficRecord = Record<string, unknown>;
export type Encoder = (events: TrafficEvent[], session: TrafficSession) => TrafficRecord[];

/** Formats with an identify call of their own; the others carry user data elsewhere. */
export const FORMATS_WITH_IDENTIFY: ReadonlySet<SourceFormat> = new Set(['segment', 'rudderstack', 'amplitude-export']);

const iso = (time: number) => new Date(time).toISOString();

function messageId(event: TrafficEvent, index: number): string {
  return `${event.session.id.slice(0, 24)}${index.toString(16).padStart(12, '0')}`;
}

function specMessage(event: TrafficEvent, index: number, library: { name: string; version: string }): TrafficRecord {
  const common = {
    anonymousId: event.session.userId,
    messageId: messageId(event, index),
    timestamp: iso(event.time),
  };
  const context: TrafficRecord = {
    app: { version: event.session.appVersion },
    library,
    os: { name: event.session.platform === 'ios' ? 'iOS' : 'web' },
  };
  if (event.view) context['page'] = { path: event.view.path, url: event.view.url };
  if (event.kind === 'identify') return { type: 'identify', traits: event.traits ?? {}, context, ...common };
  if (event.kind === 'page')
    return { type: 'page', name: event.name, properties: event.properties, context, ...common };
  return { type: 'track', event: event.name, properties: event.properties, context, ...common };
}

const segment: Encoder = (events) =>
  events.map((event, index) => specMessage(event, index, { name: 'analytics.js', version: '5.2.1' }));

const rudderstack: Encoder = (events, session) =>
  events.map((event, index) => {
    const message = specMessage(event, index, { name: 'RudderLabs JavaScript SDK', version: '3.7.0' });
    (message['context'] as TrafficRecord)['sessionId'] = session.startedAt;
    return { ...message, rudderId: session.userId, channel: 'web' };
  });

/** "2024-01-15 10:30:00.000000", UTC. */
function amplitudeTime(time: number): string {
  return `${iso(time).slice(0, 10)} ${iso(time).slice(11, 23)}000`;
}

const amplitude: Encoder = (events, session) =>
  events.map((event, index) => {
    const record: TrafficRecord = {
      $insert_id: messageId(event, index),
      event_type:
        event.kind === 'identify' ? '$identify' : event.kind === 'page' ? '[Amplitude] Page Viewed' : event.name,
      event_time: amplitudeTime(event.time),
      event_properties:
        event.kind === 'page' && event.view
          ? {
              ...event.properties,
              '[Amplitude] Page Location': event.view.url,
              '[Amplitude] Page Path': event.view.path,
            }
          : event.properties,
      user_properties: event.traits ?? {},
      platform: session.platform === 'ios' ? 'iOS' : 'Web',
      version_name: session.appVersion,
      library: 'amplitude-ts/2.11.0',
      session_id: session.startedAt,
      device_id: session.userId,
      user_id: null,
    };
    return record;
  });

type Ga4Value = { string_value?: string; int_value?: string; double_value?: number };

/** GA4 parameters hold one scalar each: arrays and objects cannot travel in them and are left out. */
function ga4Value(value: unknown): Ga4Value | null {
  if (typeof value === 'string') return { string_value: value };
  if (typeof value === 'number')
    return Number.isInteger(value) ? { int_value: String(value) } : { double_value: value };
  if (typeof value === 'boolean') return { string_value: String(value) };
  return null;
}

function ga4Params(values: Record<string, unknown>): { key: string; value: Ga4Value }[] {
  const params: { key: string; value: Ga4Value }[] = [];
  for (const [key, raw] of Object.entries(values)) {
    const value = ga4Value(raw);
    if (value) params.push({ key, value });
  }
  return params;
}

const ga4: Encoder = (events, session) =>
  events.map((event) => {
    const automatic: Record<string, unknown> = { ga_session_id: Math.floor(session.startedAt / 1000) };
    if (event.kind === 'page' && event.view) automatic['page_location'] = event.view.url;
    const day = iso(event.time).slice(0, 10).replace(/-/g, '');
    return {
      event_date: day,
      event_timestamp: String(event.time * 1000),
      event_name: event.kind === 'page' ? 'page_view' : event.name,
      event_params: [...ga4Params(automatic), ...ga4Params(event.properties)],
      user_pseudo_id: session.userId,
      user_properties: [],
      platform: session.platform === 'ios' ? 'IOS' : 'WEB',
      app_info: { version: session.appVersion },
      device:
        session.platform === 'ios'
          ? { category: 'mobile', operating_system: 'iOS' }
          : { category: 'desktop', operating_system: 'Web' },
    };
  });

const mparticle: Encoder = (events, session) => [
  {
    batch_id: session.index,
    mpid: session.userId,
    environment: 'production',
    device_info: { platform: session.platform === 'ios' ? 'iOS' : 'web' },
    application_info: { application_version: session.appVersion },
    user_attributes: {},
    events: events.map((event, index) => ({
      event_type: event.kind === 'page' ? 'screen_view' : 'custom_event',
      data: {
        event_id: messageId(event, index),
        event_name: event.name,
        custom_event_type: 'other',
        custom_attributes: event.properties,
        timestamp_unixtime_ms: event.time,
        session_uuid: session.id,
      },
    })),
  },
];

const SNOWPLOW_VENDOR = 'com.example.shop';

const snowplow: Encoder = (events, session) =>
  events.map((event) => {
    const record: TrafficRecord = {
      schema:
        event.kind === 'page'
          ? 'iglu:com.snowplowanalytics.snowplow/page_view/jsonschema/1-0-0'
          : `iglu:${SNOWPLOW_VENDOR}/${event.name}/jsonschema/1-0-0`,
      data: event.properties,
      dvce_created_tstamp: iso(event.time),
      platform: session.platform === 'ios' ? 'mob' : 'web',
      app_id: 'shop',
      domain_userid: session.userId,
      domain_sessionid: session.id,
      contexts: [
        {
          schema: 'iglu:com.snowplowanalytics.mobile/application/jsonschema/1-0-0',
          data: { version: session.appVersion, build: '1' },
        },
      ],
    };
    if (event.kind === 'page' && event.view) record['page_url'] = event.view.url;
    return record;
  });

export const ENCODERS: Record<SourceFormat, Encoder> = {
  'ga4-bigquery': ga4,
  'amplitude-export': amplitude,
  segment,
  rudderstack,
  mparticle,
  snowplow,
};
