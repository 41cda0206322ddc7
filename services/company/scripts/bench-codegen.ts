/**
 * The code-generation rows of `npm run bench:destinations`:
 *
 * - generation time of typed code for the benchmarks' 10,000-event plan
 *   (`largePlan`: 50,000 attributes, 2,000 views of 20 events each),
 *   median of several runs, next to the time of serialising the same plan as a
 *   native file in the same run (the ratio tells a slower machine from a
 *   slower generator);
 * - the bundle cost of each event an app uses, validators off: esbuild
 *   bundles (minified, gzip) an app that calls 10 generated functions and one
 *   that only configures the client, and the difference per event is set
 *   beside the same 10 calls written by hand against the SDK.
 *
 * Targets: generation ≤ 2 s, ≤ 300 B gzip per used event.
 *
 *   npm run bench:destinations
 *   BENCH_RUNS=9 npm run bench:destinations
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import {
  generateTypeScript,
  largePlan,
  serializeNativePlan,
  toNativePlan,
  type CodegenPlan,
} from '@tracemap/tracking-plan';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGETS = { generationSeconds: 2, bytesPerEvent: 300 };
const USED_EVENTS = 10;
const STAMPS = { version: 1, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

/** The benchmarks' 10,000-event plan as the generator reads it: stored attributes carry stamps. */
function generatePlan(): CodegenPlan {
  const plan = largePlan();
  return {
    attributes: plan.attributes.map((attribute) => ({ ...attribute, ...STAMPS })),
    events: plan.events,
    views: plan.views,
    maps: plan.maps,
    attributeInheritance: true,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Wall and CPU seconds of one run; on a shared machine the CPU time says more about the code. */
function timed(run: () => unknown): { wall: number; cpu: number } {
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  run();
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = process.cpuUsage(cpuStart);
  return { wall, cpu: (cpu.user + cpu.system) / 1e6 };
}

function medians(runs: Array<{ wall: number; cpu: number }>): { wall: number; cpu: number } {
  return { wall: median(runs.map((r) => r.wall)), cpu: median(runs.map((r) => r.cpu)) };
}

const ms = (seconds: number) => `${(seconds * 1000).toFixed(0)} ms`;

async function gzipBundle(directory: string, source: string): Promise<number> {
  const result = await build({
    stdin: { contents: source, resolveDir: directory, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0].contents, { level: 9 }).length;
}

async function main() {
  const plan = generatePlan();
  const [one, five, fifteen] = loadavg();
  console.log(`load average ${one.toFixed(2)} ${five.toFixed(2)} ${fifteen.toFixed(2)}; ${RUNS} runs each`);

  // Warm-up: the first run pays for compiling the generator's code paths.
  generateTypeScript(plan, { destination: 'segment', validation: 'none' });
  const asFile = { attributes: [...plan.attributes], events: [...plan.events], views: [...plan.views], maps: [] };
  const baseline = medians(Array.from({ length: RUNS }, () => timed(() => serializeNativePlan(toNativePlan(asFile)))));
  console.log(`baseline: the same plan as a native file   ${ms(baseline.wall)} (CPU ${ms(baseline.cpu)})`);
  for (const validation of ['none', 'dev'] as const) {
    const run = medians(
      Array.from({ length: RUNS }, () => timed(() => generateTypeScript(plan, { destination: 'segment', validation }))),
    );
    const verdict = run.wall <= TARGETS.generationSeconds ? 'ok' : 'OVER TARGET';
    console.log(
      `codegen 10,000 events, validation ${validation.padEnd(4)}  ${ms(run.wall)} (CPU ${ms(run.cpu)}; ` +
        `${(run.cpu / baseline.cpu).toFixed(2)}× baseline CPU; target ≤ ${TARGETS.generationSeconds} s: ${verdict})`,
    );
  }

  const directory = await mkdtemp(join(tmpdir(), 'tracemap-codegen-'));
  try {
    const { files, events } = generateTypeScript(plan, { destination: 'segment', validation: 'none' });
    for (const file of files) {
      await mkdir(dirname(join(directory, file.path)), { recursive: true });
      await writeFile(join(directory, file.path), file.content);
    }
    const used = events.slice(0, USED_EVENTS);
    const client = 'const client = { track() {}, page() {}, identify() {}, group() {} };';
    const configureOnly = `import { configure } from './tracemap';\n${client}\nconfigure({ client });\n`;
    const calls = [
      `import { configure, ${used.map((e) => e.functionName).join(', ')} } from './tracemap';`,
      client,
      'configure({ client });',
      'const p: any = (globalThis as any).p;',
      ...used.map((e) => `${e.functionName}(p);`),
    ].join('\n');
    const byHand = [
      client,
      'const p: any = (globalThis as any).p;',
      ...used.map((e) => `client.track(${JSON.stringify(e.name)}, p);`),
    ].join('\n');
    const empty = await gzipBundle(directory, `${client}\n`);
    const base = await gzipBundle(directory, configureOnly);
    const withCalls = await gzipBundle(directory, calls);
    const handWritten = await gzipBundle(directory, byHand);
    const perEvent = (withCalls - base) / USED_EVENTS;
    const perEventByHand = (handWritten - empty) / USED_EVENTS;
    const verdict = perEvent <= TARGETS.bytesPerEvent ? 'ok' : 'OVER TARGET';
    console.log(`bundle (gzip): runtime with configure only   ${base} B`);
    console.log(
      `bundle (gzip): per used event, validation off ${perEvent.toFixed(0)} B ` +
        `(${(perEvent / Math.max(perEventByHand, 1)).toFixed(2)}× a hand-written SDK call at ${perEventByHand.toFixed(0)} B; ` +
        `target ≤ ${TARGETS.bytesPerEvent} B: ${verdict})`,
    );
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

void main();
