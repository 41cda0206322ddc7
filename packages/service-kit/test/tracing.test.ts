import { spawn } from 'node:child_process';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import type { ReportedSpan } from './fixtures/traced-chain-services';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

interface Report {
  answer: { status: number; requestId: string; body: string };
  spans: ReportedSpan[];
  logs: Record<string, unknown>[];
}

function runFixture(env: Record<string, string>): Promise<Report> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'fixtures', 'traced-chain.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`fixture exited ${code}: ${err}`));
      const lines = out.trim().split('\n');
      const report = JSON.parse(lines.pop() ?? '') as Omit<Report, 'logs'>;
      resolve({ ...report, logs: lines.map((line) => JSON.parse(line) as Record<string, unknown>) });
    });
  });
}

const SERVER = 1;
const CLIENT = 2;

test('one trace follows a request across three services: fetch and the peer client carry it, the query is in it', async () => {
  const { answer, spans, logs } = await runFixture({ DATABASE_URL: database.url });
  expect(answer).toMatchObject({ status: 200, body: '{"back":{"one":1}}' });

  const byId = new Map(spans.map((s) => [s.spanId, s]));
  const parentOf = (span: ReportedSpan) => (span.parentSpanId ? byId.get(span.parentSpanId) : undefined);
  const ancestors = (span: ReportedSpan) => {
    const chain: ReportedSpan[] = [];
    for (let up = parentOf(span); up; up = parentOf(up)) chain.push(up);
    return chain;
  };
  const serverSpan = (urlPath: string) => {
    const found = spans.find((s) => s.kind === SERVER && s.attributes['url.path'] === urlPath);
    if (!found) throw new Error(`no server span for ${urlPath}: ${spans.map((s) => s.name).join(', ')}`);
    return found;
  };

  // Every span of every hop is in the one trace.
  expect(new Set(spans.map((s) => s.traceId)).size).toBe(1);
  const front = serverSpan('/front');
  const middle = serverSpan('/internal/middle');
  const back = serverSpan('/internal/back');

  // front → middle through fetch (undici), middle → back through the kit's peer client (node:http).
  const toMiddle = parentOf(middle)!;
  expect(toMiddle).toMatchObject({ kind: CLIENT, scope: expect.stringContaining('undici') });
  expect(ancestors(toMiddle)).toContain(front);
  const toBack = parentOf(back)!;
  expect(toBack).toMatchObject({ kind: CLIENT, scope: expect.stringContaining('instrumentation-http') });
  expect(ancestors(toBack)).toContain(middle);

  // The query runs inside the back service's request.
  const query = spans.find((s) => s.scope.includes('pg') && s.attributes['db.query.text'] === 'SELECT 1 AS one');
  expect(query).toBeDefined();
  expect(ancestors(query!)).toContain(back);

  // Each service's request span names its route and carries the request id the caller was answered with.
  for (const [server, route] of [
    [front, '/front'],
    [middle, '/internal/middle'],
    [back, '/internal/back'],
  ] as const) {
    const request = spans.find((s) => s.parentSpanId === server.spanId && s.scope === '@fastify/otel');
    expect(request?.attributes).toMatchObject({ 'http.route': route, 'request.id': answer.requestId });
  }

  // Each service's request log lines carry the request id and the trace they belong to.
  const traceId = spans[0].traceId;
  const requestLogs = logs.filter((line) => line.msg === 'incoming request');
  expect(requestLogs.map((line) => line.service).sort()).toEqual(['front', 'kit_test', 'middle']);
  for (const line of requestLogs) expect(line).toMatchObject({ reqId: answer.requestId, trace_id: traceId });
});

test('without OTEL_EXPORTER_OTLP_ENDPOINT the entry point loads nothing of the tracing SDK', async () => {
  const loadedSdk = (env: Record<string, string | undefined>) =>
    new Promise<number>((resolve, reject) => {
      const script = [
        "require('@tracemap/service-kit/tracing');",
        "require('fastify'); require('pg');",
        'const sdk = Object.keys(require.cache).filter((k) => /opentelemetry[\\\\/](sdk|instrumentation)|fastify[\\\\/]otel/.test(k));',
        'process.stdout.write(String(sdk.length));',
      ].join('\n');
      const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
        cwd: __dirname,
        env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: undefined, ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.on('error', reject);
      child.on('exit', () => resolve(Number(out)));
    });
  expect(await loadedSdk({})).toBe(0);
  expect(await loadedSdk({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' })).toBeGreaterThan(0);
});
