/** What every source format becomes: one event as an app sent it, whatever pipe carried it. */
export const OBSERVED_KINDS = ['track', 'page', 'screen', 'identify', 'group'] as const;
export type ObservedKind = (typeof OBSERVED_KINDS)[number];

/** The value field a GA4 parameter arrived in; GA4 splits one parameter across them silently. */
export type NativeValueType = 'string_value' | 'int_value' | 'float_value' | 'double_value';

export interface ObservedContext {
  platform: string | null;
  appVersion: string | null;
  library: string | null;
  environment: string | null;
  url?: string | null;
  screenName?: string | null;
  /** Groups events of one visit, for view-to-view transitions. */
  sessionKey?: string | null;
}

export interface ObservedEvent {
  sourceId: string;
  kind: ObservedKind;
  name: string;
  properties: Record<string, unknown>;
  traits?: Record<string, unknown>;
  /** Per property path, the GA4 value field it came in (GA4 sources only). */
  nativeTypes?: Record<string, NativeValueType>;
  context: ObservedContext;
  /** Milliseconds since the epoch. */
  eventTime: number;
  /** How many properties were dropped because the event sent more than the cap (the first ones are kept). */
  truncatedProperties?: number;
}
