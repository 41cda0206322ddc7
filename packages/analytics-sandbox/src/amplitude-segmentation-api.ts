import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AmplitudeSandboxProject } from './amplitude-export-api';
import type { FaultQueue } from './faults';

const DAY = /^(\d{4})(\d{2})(\d{2})$/;
const MAX_DAYS = 366;

interface SegmentationEvent {
  event_type?: unknown;
  group_by?: { type?: unknown; value?: unknown }[];
}

function parseDay(value: unknown): string | null {
  const match = typeof value === 'string' ? DAY.exec(value) : null;
  if (!match) return null;
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  return new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day ? day : null;
}

function text(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).type('text/plain; charset=utf-8').send(body);
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** A property's value on an event as Amplitude groups it: `(none)` when the event lacks it. */
function groupValue(event: Record<string, unknown>, by: { type: string; value: string }): string {
  const source = by.type === 'user' ? record(event.user_properties) : record(event.event_properties);
  // Amplitude keeps a few user properties as columns of the event itself.
  const value =
    source[by.value] ?? (by.type === 'user' ? event[by.value === 'version' ? 'version_name' : by.value] : undefined);
  return value === undefined || value === null || value === '' ? '(none)' : String(value);
}

/**
 * Amplitude's Dashboard REST API event segmentation, as far as the assistant uses it:
 * `GET /api/2/events/segmentation?e={"event_type":…,"group_by":[…]}&m=totals|uniques&start=YYYYMMDD&end=YYYYMMDD`
 * with HTTP Basic `api_key:secret_key`, answering daily series per group with their totals.
 */
export function amplitudeSegmentationApi(
  app: FastifyInstance,
  options: { projects: () => AmplitudeSandboxProject[]; faults: FaultQueue },
): void {
  app.get<{ Querystring: { e?: string; m?: string; start?: string; end?: string } }>(
    '/api/2/events/segmentation',
    async (request, reply) => {
      const fault = options.faults.take('amplitude');
      if (fault) {
        if (fault.retryAfterSeconds !== undefined) reply.header('retry-after', String(fault.retryAfterSeconds));
        return text(
          reply,
          fault.status,
          fault.message ?? (fault.status === 429 ? 'Too many requests' : 'Server error'),
        );
      }
      const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '');
      const [apiKey, secretKey] = basic ? Buffer.from(basic[1], 'base64').toString('utf8').split(':', 2) : [];
      const project = options.projects().find((p) => p.apiKey === apiKey && p.secretKey === secretKey);
      if (!project) return text(reply, 401, 'Invalid API key or secret key');
      let wanted: SegmentationEvent;
      try {
        wanted = JSON.parse(request.query.e ?? '') as SegmentationEvent;
      } catch {
        return text(reply, 400, 'e must be a JSON event definition');
      }
      if (typeof wanted?.event_type !== 'string') return text(reply, 400, 'e.event_type is required');
      const metric = request.query.m ?? 'uniques';
      if (metric !== 'totals' && metric !== 'uniques') return text(reply, 400, 'm must be totals or uniques');
      const start = parseDay(request.query.start);
      const end = parseDay(request.query.end);
      if (!start || !end || end < start) return text(reply, 400, 'start and end must be YYYYMMDD, start first');
      const days: string[] = [];
      for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000)
        days.push(new Date(t).toISOString().slice(0, 10));
      if (days.length > MAX_DAYS) return text(reply, 400, 'Date range exceeds 366 days');
      const groupBy = (wanted.group_by ?? [])
        .slice(0, 1)
        .map((g) => ({ type: g.type === 'user' ? 'user' : 'event', value: String(g.value ?? '') }));

      // Per group, per day: the events' count and the users seen.
      const groups = new Map<string, { counts: number[]; users: Set<string>[] }>();
      for (const event of project.events) {
        if (event.event_type !== wanted.event_type || typeof event.event_time !== 'string') continue;
        const dayIndex = days.indexOf(event.event_time.slice(0, 10));
        if (dayIndex < 0) continue;
        const key = groupBy.length > 0 ? groupValue(event, groupBy[0]) : wanted.event_type;
        let group = groups.get(key);
        if (!group) {
          group = { counts: days.map(() => 0), users: days.map(() => new Set<string>()) };
          groups.set(key, group);
        }
        group.counts[dayIndex] += 1;
        group.users[dayIndex].add(String(event.user_id ?? event.device_id ?? ''));
      }
      const keys = [...groups.keys()].sort(
        (a, b) => groups.get(b)!.counts.reduce((s, c) => s + c, 0) - groups.get(a)!.counts.reduce((s, c) => s + c, 0),
      );
      const series = keys.map((key) => {
        const group = groups.get(key)!;
        return metric === 'totals' ? group.counts : group.users.map((u) => u.size);
      });
      const collapsed = keys.map((key) => {
        const group = groups.get(key)!;
        const value =
          metric === 'totals'
            ? group.counts.reduce((s, c) => s + c, 0)
            : new Set(group.users.flatMap((u) => [...u])).size;
        return [{ setId: '', value }];
      });
      return {
        data: {
          series,
          seriesLabels: groupBy.length > 0 ? keys.map((key) => [0, key]) : keys.map(() => 0),
          seriesCollapsed: collapsed,
          xValues: days,
        },
      };
    },
  );
}
