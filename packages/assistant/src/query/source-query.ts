import type { QuerySourceInput } from '@tracemap/contracts';

// Requests to GA4's `runReport` and Amplitude's event segmentation built from a
// `query_source` input, and their answers shaped into one table (columns and
// rows). The service sends the requests; what is asked and what is kept is here.

export interface QueryTable {
  columns: string[];
  rows: Array<Array<string | number | null>>;
}

/** Rows a GA4 report may answer at most; a question needs a table, not an export. */
export const GA4_ROWS_MAX = 1000;

const METRIC_COLUMN = { event_count: 'event_count', total_users: 'total_users' } as const;

// `groupBy` in the tool's words, as GA4 names its dimensions; any other word is an event parameter
// registered as a custom dimension.
const GA4_DIMENSIONS: Record<string, string> = { date: 'date', platform: 'platform', app_version: 'appVersion' };

export const ga4Dimension = (groupBy: string) => GA4_DIMENSIONS[groupBy] ?? `customEvent:${groupBy}`;

/** The body of a `runReport` request. */
export function ga4ReportRequest(input: QuerySourceInput): Record<string, unknown> {
  return {
    dateRanges: [{ startDate: input.start, endDate: input.end }],
    dimensions: [{ name: 'eventName' }, ...(input.groupBy ? [{ name: ga4Dimension(input.groupBy) }] : [])],
    metrics: [{ name: input.metric === 'total_users' ? 'totalUsers' : 'eventCount' }],
    ...(input.events.length > 0
      ? { dimensionFilter: { filter: { fieldName: 'eventName', inListFilter: { values: input.events } } } }
      : {}),
    limit: GA4_ROWS_MAX,
  };
}

const isoDay = (value: string) =>
  /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}` : value;

interface Ga4Body {
  rows?: { dimensionValues?: { value?: string }[]; metricValues?: { value?: string }[] }[];
}

/**
 * A `runReport` answer as a table: event, the group's value, the metric. Events are filtered
 * here too, so a report that ignored the filter cannot answer for other events.
 */
export function ga4ReportTable(input: QuerySourceInput, body: unknown): QueryTable {
  const wanted = input.events.length > 0 ? new Set(input.events) : null;
  const rows: QueryTable['rows'] = [];
  for (const row of (body as Ga4Body | null)?.rows ?? []) {
    const [event = '', group = ''] = (row.dimensionValues ?? []).map((v) => v.value ?? '');
    if (wanted && !wanted.has(event)) continue;
    const value = Number(row.metricValues?.[0]?.value ?? 0);
    const cells: Array<string | number | null> = [event];
    if (input.groupBy) cells.push(input.groupBy === 'date' ? isoDay(group) : group);
    cells.push(Number.isFinite(value) ? value : null);
    rows.push(cells);
  }
  rows.sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[1]).localeCompare(String(b[1])));
  return { columns: ['event', ...(input.groupBy ? [input.groupBy] : []), METRIC_COLUMN[input.metric]], rows };
}

const compactDay = (day: string) => day.replaceAll('-', '');

// Amplitude keeps platform and app version as user properties; other words are event properties.
const AMPLITUDE_USER_PROPERTIES: Record<string, string> = { platform: 'platform', app_version: 'version' };

/** The query of one segmentation request per event (Amplitude answers one event's series at a time). */
export function amplitudeSegmentationQuery(input: QuerySourceInput, event: string): Record<string, string> {
  const groupBy =
    input.groupBy && input.groupBy !== 'date'
      ? [
          AMPLITUDE_USER_PROPERTIES[input.groupBy]
            ? { type: 'user', value: AMPLITUDE_USER_PROPERTIES[input.groupBy] }
            : { type: 'event', value: input.groupBy },
        ]
      : undefined;
  return {
    e: JSON.stringify({ event_type: event, ...(groupBy ? { group_by: groupBy } : {}) }),
    m: input.metric === 'total_users' ? 'uniques' : 'totals',
    start: compactDay(input.start),
    end: compactDay(input.end),
    i: '1',
  };
}

interface SegmentationBody {
  data?: {
    series?: number[][];
    seriesLabels?: unknown[];
    xValues?: string[];
    seriesCollapsed?: { value?: number }[][];
  };
}

const label = (value: unknown): string =>
  Array.isArray(value) ? String(value[value.length - 1] ?? '') : value === undefined ? '' : String(value);

/** One event's segmentation answer as rows of the table: per day, per group, or its total. */
export function amplitudeSegmentationRows(input: QuerySourceInput, event: string, body: unknown): QueryTable['rows'] {
  const data = (body as SegmentationBody | null)?.data ?? {};
  const series = data.series ?? [];
  if (input.groupBy === 'date') {
    const days = data.xValues ?? [];
    return days.map((day, i) => [event, day.slice(0, 10), series[0]?.[i] ?? 0]);
  }
  const collapsed = data.seriesCollapsed ?? [];
  const total = (i: number) => collapsed[i]?.[0]?.value ?? (series[i] ?? []).reduce((sum, v) => sum + v, 0);
  if (!input.groupBy) return [[event, series.length > 0 || collapsed.length > 0 ? total(0) : 0]];
  const labels = data.seriesLabels ?? [];
  return labels.map((name, i) => [event, label(name), total(i)]);
}

export function amplitudeSegmentationTable(input: QuerySourceInput, rows: QueryTable['rows']): QueryTable {
  return { columns: ['event', ...(input.groupBy ? [input.groupBy] : []), METRIC_COLUMN[input.metric]], rows };
}
