/**
 * The destination rows of `npm run bench:destinations`: the preview of a push (what the destination
 * should hold, the diff and the calls) for the benchmarks' 10,000-event plan, per destination,
 * twice: against a destination that holds nothing (everything is created) and against one that
 * already holds the plan (everything is compared, nothing is sent). Median of several runs, next
 * to the time of cloning the snapshot in the same run (the ratio tells a slower machine from a
 * slower preview). Target: ≤ 1 s per destination.
 *
 *   npm run bench:destinations
 *   BENCH_RUNS=9 npm run bench:destinations
 */
import { loadavg } from 'node:os';
import type { DestinationSettings, PlanSnapshot } from '@tracemap/contracts';
import { planSnapshotOf } from '@tracemap/discovery';
import { largePlan } from '@tracemap/tracking-plan';
import { adapterFor, previewPush, type Desired, type RemoteItem } from '../src';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_SECONDS = 1;
const SETTINGS: DestinationSettings[] = [
  { kind: 'segment', trackingPlanId: 'tp_bench' },
  { kind: 'amplitude' },
  { kind: 'mparticle', workspaceId: '1', planId: 'bench' },
  { kind: 'rudderstack', trackingPlanId: 'tp_bench' },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Wall seconds of one run, and the process's CPU seconds (on a shared machine they say more about the code). */
const cpuTimes: number[] = [];
function seconds(run: () => unknown): number {
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  run();
  const cpu = process.cpuUsage(cpuStart);
  cpuTimes.push((cpu.user + cpu.system) / 1e6);
  return Number(process.hrtime.bigint() - start) / 1e9;
}
const cpuMedian = (runs: number) => median(cpuTimes.splice(0).slice(-runs));

/** A destination that already holds what the plan asks, as its answers would be parsed. */
function heldRemote(settings: DestinationSettings, wanted: Desired<unknown>): unknown {
  const items = new Map<string, RemoteItem<unknown>>(
    [...wanted.items].map(([key, item]) => [key, { ...structuredClone(item), managed: true, id: `id-${key}` }]),
  );
  return settings.kind === 'mparticle' ? { latestVersion: 1, items, order: [...items.keys()] } : items;
}

const snapshot: PlanSnapshot = planSnapshotOf(largePlan());
const baseline = median(Array.from({ length: RUNS }, () => seconds(() => structuredClone(snapshot))));
cpuTimes.splice(0);
const [one, five, fifteen] = loadavg().map((l) => l.toFixed(2));
console.log(
  `destinations preview: ${snapshot.events.length} events, ${snapshot.attributes.length} attributes, ${RUNS} runs`,
);
console.log(`load average ${one} ${five} ${fifteen}; baseline (clone of the snapshot) ${baseline.toFixed(3)} s`);
console.log(
  'destination   | empty: wall s  cpu s     ops   calls | held: wall s  cpu s  ops | target ratio (cpu) | baseline ratio',
);
for (const settings of SETTINGS) {
  let preview = previewPush(snapshot, settings);
  cpuTimes.splice(0);
  const empty = median(Array.from({ length: RUNS }, () => seconds(() => (preview = previewPush(snapshot, settings)))));
  const emptyCpu = cpuMedian(RUNS);
  const remote = heldRemote(settings, adapterFor(settings).desired(snapshot, settings));
  let unchanged = previewPush(snapshot, settings, remote);
  cpuTimes.splice(0);
  const held = median(
    Array.from({ length: RUNS }, () => seconds(() => (unchanged = previewPush(snapshot, settings, remote)))),
  );
  const heldCpu = cpuMedian(RUNS);
  const worst = Math.max(empty, held);
  const worstCpu = Math.max(emptyCpu, heldCpu);
  console.log(
    [
      settings.kind.padEnd(13),
      `${empty.toFixed(3).padStart(12)} ${emptyCpu.toFixed(3).padStart(6)} ${String(preview.operations.length).padStart(7)} ${String(preview.writeCalls).padStart(7)}`,
      `${held.toFixed(3).padStart(12)} ${heldCpu.toFixed(3).padStart(6)} ${String(unchanged.operations.length).padStart(4)}`,
      `${(worst / TARGET_SECONDS).toFixed(2).padStart(6)} (${(worstCpu / TARGET_SECONDS).toFixed(2)})`.padStart(18),
      `${(worst / baseline).toFixed(1).padStart(14)}`,
    ].join(' | '),
  );
  if (unchanged.operations.length !== 0) console.log(`  ! ${settings.kind}: a held plan still shows operations`);
}
console.log(`target: ≤ ${TARGET_SECONDS} s per destination (target ratio ≤ 1; in brackets, on CPU time)`);
