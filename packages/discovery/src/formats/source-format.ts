import type { ObservedEvent } from '../observed-event';

/** The analytics pipes whose exports or messages discovery reads. */
export const SOURCE_FORMATS = [
  'ga4-bigquery',
  'amplitude-export',
  'segment',
  'rudderstack',
  'mparticle',
  'snowplow',
] as const;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];

export function isSourceFormat(value: unknown): value is SourceFormat {
  return typeof value === 'string' && (SOURCE_FORMATS as readonly string[]).includes(value);
}

/**
 * What one parsed record became. `error` says why the record (or a part of a
 * batch) could not be read; events that could be read are kept either way.
 */
export interface AdaptResult {
  events: ObservedEvent[];
  error?: string;
}

export interface AdaptOptions {
  /**
   * When the record arrived (ms since the epoch): the event time of records
   * that carry none (a bare Snowplow self-describing event). Without it such a
   * record is an error.
   */
  receivedAt?: number;
}
