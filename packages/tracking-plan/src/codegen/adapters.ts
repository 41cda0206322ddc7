import type { CodegenDestination } from '@tracemap/contracts';

/**
 * The small part of the generated runtime that differs per destination: the
 * client's shape (only the calls we make) and how each kind of event is sent.
 * Kinds a destination has no call for go out as its plain event.
 */
interface AdapterSource {
  client: string[];
  send: string[];
}

const ANALYTICS_JS_CLIENT = (sdk: string) => [
  `/** The ${sdk} client (or any object with these calls). */`,
  'export interface Client {',
  '  track(event: string, properties?: Record<string, unknown>): unknown;',
  '  page(name: string, properties?: Record<string, unknown>): unknown;',
  '  screen?(name: string, properties?: Record<string, unknown>): unknown;',
  '  identify(traits: Record<string, unknown>): unknown;',
  '  group(traits: Record<string, unknown>): unknown;',
  '}',
];
const ANALYTICS_JS_SEND = [
  'function send(client: Client, kind: EventKind, event: string, properties: Record<string, unknown>): void {',
  "  if (kind === 'page') client.page(event, properties);",
  "  else if (kind === 'screen' && client.screen) client.screen(event, properties);",
  "  else if (kind === 'identify') client.identify(properties);",
  "  else if (kind === 'group') client.group(properties);",
  '  else client.track(event, properties);',
  '}',
];

const ADAPTERS: Record<CodegenDestination, AdapterSource> = {
  segment: { client: ANALYTICS_JS_CLIENT('Segment Analytics.js'), send: ANALYTICS_JS_SEND },
  rudderstack: { client: ANALYTICS_JS_CLIENT('RudderStack JavaScript SDK'), send: ANALYTICS_JS_SEND },
  amplitude: {
    client: [
      '/** The Amplitude Browser SDK client (or any object with this call). Identify objects stay with the app. */',
      'export interface Client {',
      '  track(eventType: string, eventProperties?: Record<string, unknown>): unknown;',
      '}',
    ],
    send: [
      'function send(client: Client, _kind: EventKind, event: string, properties: Record<string, unknown>): void {',
      '  client.track(event, properties);',
      '}',
    ],
  },
  mparticle: {
    client: [
      '/** The mParticle Web SDK (or any object with these calls). */',
      'export interface Client {',
      '  logEvent(eventName: string, eventType: number, attributes?: Record<string, unknown>): unknown;',
      '  logPageView(pageName: string, attributes?: Record<string, unknown>): unknown;',
      '}',
      '',
      "/** mParticle's `EventType.Other`. */",
      'const OTHER = 8;',
    ],
    send: [
      'function send(client: Client, kind: EventKind, event: string, properties: Record<string, unknown>): void {',
      "  if (kind === 'page' || kind === 'screen') client.logPageView(event, properties);",
      '  else client.logEvent(event, OTHER, properties);',
      '}',
    ],
  },
  gtag: {
    client: [
      '/** The `gtag` function of the Google tag. */',
      "export type Client = (command: 'event' | 'set', target: string, params: Record<string, unknown>) => void;",
    ],
    send: [
      'function send(client: Client, kind: EventKind, event: string, properties: Record<string, unknown>): void {',
      "  if (kind === 'page') client('event', 'page_view', { page_title: event, ...properties });",
      "  else if (kind === 'screen') client('event', 'screen_view', { screen_name: event, ...properties });",
      "  else if (kind === 'identify') client('set', 'user_properties', properties);",
      "  else client('event', event, properties);",
      '}',
    ],
  },
};

export const adapterSource = (destination: CodegenDestination): AdapterSource => ADAPTERS[destination];
