import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ZipFile } from 'yazl';
import type { FaultQueue } from './faults';

/** One Amplitude project: its keys and the events the export answers (each with `event_time` as Amplitude writes it). */
export interface AmplitudeSandboxProject {
  projectId: number;
  apiKey: string;
  secretKey: string;
  /** Export records; `event_time` is `YYYY-MM-DD HH:MM:SS.ffffff` in UTC. */
  events: Record<string, unknown>[];
}

const HOUR = /^(\d{4})(\d{2})(\d{2})T(\d{2})$/;
const MAX_RANGE_HOURS = 365 * 24;

/** `YYYYMMDDTHH` as the hour's start in milliseconds, or null. */
function parseHour(value: unknown): number | null {
  const match = typeof value === 'string' ? HOUR.exec(value) : null;
  if (!match) return null;
  const [, y, m, d, h] = match.map(Number);
  const time = Date.UTC(y, m - 1, d, h);
  return new Date(time).getUTCHours() === h && new Date(time).getUTCDate() === d ? time : null;
}

function eventHour(event: Record<string, unknown>): number | null {
  const time =
    typeof event.event_time === 'string' ? Date.parse(`${event.event_time.slice(0, 19).replace(' ', 'T')}Z`) : NaN;
  return Number.isNaN(time) ? null : time - (time % 3_600_000);
}

function text(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).type('text/plain; charset=utf-8').send(body);
}

/**
 * Amplitude's Export API: `GET /api/2/export?start=YYYYMMDDTHH&end=YYYYMMDDTHH` (both hours
 * included) with HTTP Basic `api_key:secret_key`, answering a zip with one gzipped NDJSON
 * file per hour of data (`<project>/<project>_<YYYY-MM-DD>_<H>#0.json.gz`), streamed; 404 when
 * the range holds no data, 400 for a malformed or too long range.
 */
export function amplitudeExportApi(
  app: FastifyInstance,
  options: { projects: () => AmplitudeSandboxProject[]; faults: FaultQueue },
): void {
  app.get<{ Querystring: { start?: string; end?: string } }>('/api/2/export', async (request, reply) => {
    const fault = options.faults.take('amplitude');
    if (fault) {
      if (fault.retryAfterSeconds !== undefined) reply.header('retry-after', String(fault.retryAfterSeconds));
      return text(reply, fault.status, fault.message ?? (fault.status === 429 ? 'Too many requests' : 'Server error'));
    }
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '');
    const [apiKey, secretKey] = basic ? Buffer.from(basic[1], 'base64').toString('utf8').split(':', 2) : [];
    const project = options.projects().find((p) => p.apiKey === apiKey && p.secretKey === secretKey);
    if (!project) {
      reply.header('www-authenticate', 'Basic realm="Amplitude"');
      return text(reply, 401, 'Invalid API key or secret key');
    }
    const start = parseHour(request.query.start);
    const end = parseHour(request.query.end);
    if (start === null || end === null) return text(reply, 400, 'start and end must be YYYYMMDDTHH');
    if (end < start) return text(reply, 400, 'end must not be before start');
    if ((end - start) / 3_600_000 >= MAX_RANGE_HOURS) return text(reply, 400, 'Date range exceeds 365 days');

    const byHour = new Map<number, string[]>();
    for (const event of project.events) {
      const hour = eventHour(event);
      if (hour === null || hour < start || hour > end) continue;
      const lines = byHour.get(hour) ?? [];
      lines.push(JSON.stringify(event));
      byHour.set(hour, lines);
    }
    if (byHour.size === 0) return text(reply, 404, 'Raw data files were not found.');
    const zip = new ZipFile();
    for (const hour of [...byHour.keys()].sort((a, b) => a - b)) {
      const date = new Date(hour);
      const name = `${project.projectId}/${project.projectId}_${date.toISOString().slice(0, 10)}_${date.getUTCHours()}#0.json.gz`;
      zip.addBuffer(gzipSync(`${byHour.get(hour)!.join('\n')}\n`), name, { compress: false });
    }
    zip.end();
    return reply.type('application/zip').send(zip.outputStream);
  });
}
