import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FaultQueue } from './faults';
import type { Ga4Tokens } from './ga4-token';

/** What one GA4 property holds: event counts per day, with the values of its parameters. */
export interface Ga4SandboxProperty {
  /** Event parameters registered as custom dimensions (only these are visible through the Data API). */
  customParameters: { name: string; uiName?: string }[];
  events: Ga4SandboxEvents[];
}

/** `count` events named `name` on `date` (`YYYY-MM-DD`, the property's time zone is UTC) with these parameter values. */
export interface Ga4SandboxEvents {
  name: string;
  date: string;
  count: number;
  params?: Record<string, string>;
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};
const DEFAULT_LIMIT = 10_000;
const MAX_LIMIT = 250_000;
const MAX_DIMENSIONS = 9;
const DAY_MS = 86_400_000;
const NOT_SET = '(not set)';

function googleError(reply: FastifyReply, code: number, message: string, retryAfterSeconds?: number) {
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
  return reply.code(code).send({ error: { code, message, status: STATUS_NAMES[code] ?? 'UNKNOWN' } });
}

/** The Data API's date forms: `YYYY-MM-DD`, `today`, `yesterday`, `NdaysAgo`. */
function parseDate(value: unknown, now: number): string | null {
  if (typeof value !== 'string') return null;
  const today = new Date(now).toISOString().slice(0, 10);
  if (value === 'today') return today;
  if (value === 'yesterday') return new Date(now - DAY_MS).toISOString().slice(0, 10);
  const ago = /^(\d+)daysAgo$/.exec(value);
  if (ago) return new Date(now - Number(ago[1]) * DAY_MS).toISOString().slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

interface ReportRequest {
  dateRanges?: { startDate?: unknown; endDate?: unknown }[];
  dimensions?: { name?: unknown }[];
  metrics?: { name?: unknown }[];
  limit?: unknown;
  offset?: unknown;
}

/**
 * The GA4 Data API's `runReport` and `getMetadata`, as far as discovery uses them: event
 * counts by event name, date and registered `customEvent:` parameters, paged by `limit` and
 * `offset`, behind an OAuth bearer token, with Google's error shape.
 */
export function ga4DataApi(
  app: FastifyInstance,
  options: {
    properties: () => Record<string, Ga4SandboxProperty>;
    tokens: Ga4Tokens;
    faults: FaultQueue;
    now: () => number;
  },
): void {
  const authorize = (authorization: string | undefined, propertyId: string, reply: FastifyReply) => {
    const fault = options.faults.take('ga4');
    if (fault) {
      googleError(reply, fault.status, fault.message ?? defaultFaultMessage(fault.status), fault.retryAfterSeconds);
      return null;
    }
    const account = options.tokens.accountOf(authorization);
    if (!account) {
      googleError(
        reply,
        401,
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      );
      return null;
    }
    const property = options.properties()[propertyId];
    if (!property || !account.properties.includes(propertyId)) {
      googleError(reply, 403, 'User does not have sufficient permissions for this property.');
      return null;
    }
    return property;
  };

  app.get<{ Params: { propertyId: string } }>('/v1beta/properties/:propertyId/metadata', async (request, reply) => {
    const property = authorize(request.headers.authorization, request.params.propertyId, reply);
    if (!property) return reply;
    return {
      name: `properties/${request.params.propertyId}/metadata`,
      dimensions: [
        { apiName: 'eventName', uiName: 'Event name', category: 'Event' },
        { apiName: 'date', uiName: 'Date', category: 'Time' },
        ...property.customParameters.map((p) => ({
          apiName: `customEvent:${p.name}`,
          uiName: p.uiName ?? p.name,
          description: `An event scoped custom dimension for your Analytics property.`,
          customDefinition: true,
          category: 'Custom',
        })),
      ],
      metrics: [{ apiName: 'eventCount', uiName: 'Event count', type: 'TYPE_INTEGER', category: 'Event' }],
    };
  });

  // `properties/{id}:runReport`: a colon inside the last segment, read from the path by hand.
  app.post<{ Params: { '*': string } }>('/v1beta/properties/*', async (request, reply) => {
    const match = /^(\d+):runReport$/.exec(request.params['*']);
    if (!match) return googleError(reply, 404, 'Method not found.');
    const property = authorize(request.headers.authorization, match[1], reply);
    if (!property) return reply;
    const body = (request.body ?? {}) as ReportRequest;
    const now = options.now();
    const range = body.dateRanges?.[0];
    const start = parseDate(range?.startDate, now);
    const end = parseDate(range?.endDate, now);
    if (!range || !start || !end || body.dateRanges!.length !== 1)
      return googleError(reply, 400, 'dateRanges: one date range with startDate and endDate is required.');
    if (end < start) return googleError(reply, 400, 'dateRanges: endDate must not be before startDate.');
    const dimensions = (body.dimensions ?? []).map((d) => d.name);
    const registered = new Set(property.customParameters.map((p) => `customEvent:${p.name}`));
    if (dimensions.length > MAX_DIMENSIONS)
      return googleError(reply, 400, `Requests are limited to ${MAX_DIMENSIONS} dimensions.`);
    for (const name of dimensions)
      if (typeof name !== 'string' || !(name === 'eventName' || name === 'date' || registered.has(name)))
        return googleError(
          reply,
          400,
          `Field ${String(name)} is not a valid dimension. For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema`,
        );
    const metrics = (body.metrics ?? []).map((m) => m.name);
    if (metrics.length !== 1 || metrics[0] !== 'eventCount')
      return googleError(reply, 400, 'metrics: this stand-in answers the eventCount metric only.');
    const limit = body.limit === undefined ? DEFAULT_LIMIT : Number(body.limit);
    const offset = body.offset === undefined ? 0 : Number(body.offset);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
      return googleError(reply, 400, `limit must be between 1 and ${MAX_LIMIT}.`);
    if (!Number.isInteger(offset) || offset < 0) return googleError(reply, 400, 'offset must not be negative.');

    const groups = new Map<string, { values: string[]; count: number }>();
    for (const events of property.events) {
      if (events.date < start || events.date > end) continue;
      const values = dimensions.map((name) => {
        if (name === 'eventName') return events.name;
        if (name === 'date') return events.date.replaceAll('-', '');
        return events.params?.[String(name).slice('customEvent:'.length)] ?? NOT_SET;
      });
      const key = JSON.stringify(values);
      const group = groups.get(key);
      if (group) group.count += events.count;
      else groups.set(key, { values, count: events.count });
    }
    const sorted = [...groups.values()].sort(
      (a, b) => b.count - a.count || JSON.stringify(a.values).localeCompare(JSON.stringify(b.values)),
    );
    const page = sorted.slice(offset, offset + limit);
    return {
      dimensionHeaders: dimensions.map((name) => ({ name })),
      metricHeaders: [{ name: 'eventCount', type: 'TYPE_INTEGER' }],
      // The Data API leaves `rows` out of an empty page.
      ...(page.length > 0
        ? {
            rows: page.map((g) => ({
              dimensionValues: g.values.map((value) => ({ value })),
              metricValues: [{ value: String(g.count) }],
            })),
          }
        : {}),
      rowCount: sorted.length,
      metadata: { currencyCode: 'USD', timeZone: 'Etc/UTC' },
      kind: 'analyticsData#runReport',
    };
  });
}

function defaultFaultMessage(status: number): string {
  if (status === 429)
    return 'Exhausted property tokens per hour for this property. Consider a lower request rate or a smaller report.';
  if (status === 401) return 'Request had invalid authentication credentials.';
  if (status === 403) return 'User does not have sufficient permissions for this property.';
  return 'The service is currently unavailable.';
}
