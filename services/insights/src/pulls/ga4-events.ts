import type { ObservedEvent } from '@tracemap/discovery';
import type { Ga4ReportRow } from './ga4-client';

/** GA4's placeholder for a dimension an event did not carry. */
const NOT_SET = '(not set)';
const DAY = /^(\d{4})(\d{2})(\d{2})$/;

/** The dimensions a GA4 pull asks for: the event name, the day, then registered parameters (at most nine in all). */
export function ga4Dimensions(parameters: string[]): string[] {
  return ['eventName', 'date', ...parameters.slice(0, 7).map((name) => `customEvent:${name}`)];
}

/**
 * One report row as the event it counts (its count comes with it): a track event named by
 * GA4's event name, on the row's day, with the registered parameters it carried. Values come
 * as text from the Data API, so they are kept as text.
 */
export function ga4RowEvent(
  row: Ga4ReportRow,
  parameters: string[],
  sourceId: string,
  fallbackTime: number,
): { event: ObservedEvent; count: number } | null {
  const [name, date, ...values] = row.dimensions;
  if (!name || name === NOT_SET) return null;
  const day = DAY.exec(date ?? '');
  const properties: Record<string, unknown> = {};
  values.forEach((value, index) => {
    if (value !== NOT_SET && index < parameters.length) properties[parameters[index]] = value;
  });
  return {
    event: {
      sourceId,
      kind: 'track',
      name,
      properties,
      context: { platform: null, appVersion: null, library: 'ga4-data-api', environment: null },
      eventTime: day ? Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : fallbackTime,
    },
    count: row.count,
  };
}
