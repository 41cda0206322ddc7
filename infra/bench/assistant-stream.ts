import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@tracemap/test-kit';
import { startStack } from '../src/stack';
import { createConfirmedUser, signIn } from '../src/test-users';

/**
 * The assistant's answer stream, first byte and first delta, through the gateway:
 *
 *   npm run bench:assistant   (after the tool benchmark)
 *
 * A started stack with the sample plan; N questions asked with `Accept: text/event-stream`,
 * alternating over a few the offline answerer answers. The same questions sent straight to
 * the insights service in the same run are the baseline, so the ratio is what the gateway
 * adds; the gateway's own /health shows the floor of a round trip through it. Uses
 * DATABASE_URL when set (meaningful numbers), the embedded PGlite otherwise.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const QUESTIONS = [
  'Is Product Added tracked?',
  'What properties does Checkout Started have?',
  'Where does Payment Info Entered fire?',
  'List events tagged core',
];

const sampleText = readFileSync(require.resolve('@tracemap/tracking-plan/samples/ecommerce.json'), 'utf8');

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

interface Sample {
  firstByte: number;
  firstDelta: number;
  done: number;
}

/** One question: milliseconds to the first byte of the body, to the first delta event, and to done. */
async function askOnce(url: string, token: string, content: string): Promise<Sample> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', 'content-type': 'application/json' },
    body: JSON.stringify({ content }),
  });
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  let firstByte = 0;
  let firstDelta = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const now = performance.now() - started;
    if (!firstByte) firstByte = now;
    text += value;
    if (!firstDelta && text.includes('event: delta')) firstDelta = now;
  }
  if (!text.includes('event: done')) throw new Error('the stream ended without done');
  return { firstByte, firstDelta, done: performance.now() - started };
}

async function timeHealth(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return performance.now() - started;
}

const fmt = (ms: number) => `${ms.toFixed(1).padStart(7)} ms`;
const line = (name: string, samples: number[]) =>
  `${name.padEnd(40)} p50 ${fmt(percentile(samples, 50))}  p95 ${fmt(percentile(samples, 95))}`;

async function main() {
  const database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  const stack = await startStack({
    port: 0,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'tracemap-bench-assistant-')),
    databaseUrl: database?.url,
    logLevel: 'warn',
    log: () => undefined,
    env: { RATE_LIMIT_PER_MINUTE: '10000000' },
  });
  try {
    await createConfirmedUser(stack, 'owner@example.com', 'a-long-bench-password-1');
    const { access_token: token } = await signIn(stack, 'owner@example.com', 'a-long-bench-password-1');
    const call = async (method: string, url: string, body?: string) => {
      const response = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as Record<string, unknown>;
    };
    const created = await call('POST', `${stack.url}/api/company/create`, JSON.stringify({ name: 'Bench Co' }));
    const companyId = (created.company as { id: string }).id;
    await call(
      'POST',
      `${stack.url}/api/company/${companyId}/tracking-plan/import?format=native&dryRun=false`,
      sampleText,
    );
    const threadPath = async () => {
      const thread = await call('POST', `${stack.url}/api/insights/${companyId}/chat/threads`);
      return `/api/insights/${companyId}/chat/threads/${String(thread.id)}/messages`;
    };
    const [viaGatewayPath, directPath] = [await threadPath(), await threadPath()];

    // Warm both paths (the plan is prepared once per version, connections opened).
    for (const question of QUESTIONS) {
      await askOnce(`${stack.url}${viaGatewayPath}`, token, question);
      await askOnce(`${stack.urls.insights}${directPath}`, token, question);
    }
    const gateway: Sample[] = [];
    const direct: Sample[] = [];
    const health: number[] = [];
    // Interleaved, so a change in the machine's load falls on both alike.
    for (let i = 0; i < ROUNDS; i++) {
      const question = QUESTIONS[i % QUESTIONS.length];
      gateway.push(await askOnce(`${stack.url}${viaGatewayPath}`, token, question));
      direct.push(await askOnce(`${stack.urls.insights}${directPath}`, token, question));
      health.push(await timeHealth(`${stack.url}/health`));
    }
    const [one, five, fifteen] = os.loadavg();
    console.log(
      `database: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}; ${ROUNDS} questions each; ` +
        `${os.cpus().length} cores, load average ${one.toFixed(2)} ${five.toFixed(2)} ${fifteen.toFixed(2)}`,
    );
    console.log(line('gateway GET /health (floor)', health));
    console.log(
      line(
        'insights direct: first byte',
        direct.map((s) => s.firstByte),
      ),
    );
    console.log(
      line(
        'insights direct: first delta',
        direct.map((s) => s.firstDelta),
      ),
    );
    console.log(
      line(
        'through the gateway: first byte',
        gateway.map((s) => s.firstByte),
      ),
    );
    console.log(
      line(
        'through the gateway: first delta',
        gateway.map((s) => s.firstDelta),
      ),
    );
    console.log(
      line(
        'through the gateway: done',
        gateway.map((s) => s.done),
      ),
    );
    const ratio = (p: number) =>
      (
        percentile(
          gateway.map((s) => s.firstByte),
          p,
        ) /
        percentile(
          direct.map((s) => s.firstByte),
          p,
        )
      ).toFixed(2);
    console.log(`stream first byte, gateway / direct: p50 ×${ratio(50)}, p95 ×${ratio(95)}`);
  } finally {
    await stack.stop();
    await database?.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
