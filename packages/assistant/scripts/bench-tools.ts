/**
 * Tool and offline-answer latency on a 10,000-event plan, without I/O:
 *
 *   npm run bench -w @tracemap/assistant
 *
 * Prints, per tool, p50/p95/max over varied inputs; the offline answer's
 * p95 over a mix of questions; and, measured in the same run as a baseline,
 * a plain linear scan of the event names for a word (what a search without
 * an index costs). Target: tool p95 ≤ 50 ms.
 */
import { loadavg } from 'node:os';
import type { Finding, ObservedEventItem } from '@tracemap/contracts';
import { planSnapshotOf } from '@tracemap/discovery';
import { answerOffline, preparePlan, runTool, toolContext, type PureToolName } from '../src';
import { LARGE_PLAN_SIZE as SIZE, LARGE_PLAN_WORDS as WORDS, largePlan } from '@tracemap/tracking-plan';

const ROUNDS = 200;
const TARGET_P95_MS = 50;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function time(run: (i: number) => unknown, rounds = ROUNDS): number[] {
  for (let i = 0; i < 10; i++) run(i); // warm the JIT and the lazy indexes
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    run(i);
    samples.push(performance.now() - started);
  }
  return samples;
}

const fmt = (ms: number) => `${ms.toFixed(2).padStart(8)} ms`;
const row = (name: string, samples: number[]) =>
  `${name.padEnd(22)} p50 ${fmt(percentile(samples, 50))}  p95 ${fmt(percentile(samples, 95))}  max ${fmt(Math.max(...samples))}`;

function discoveryData(plan: ReturnType<typeof planSnapshotOf>): {
  observed: ObservedEventItem[];
  findings: Finding[];
} {
  const observed: ObservedEventItem[] = plan.events.map((event, i) => ({
    name: i % 10 === 9 ? event.name.replace(/ /g, '_') : event.name,
    kind: 'track',
    match: i % 20 === 19 ? 'planned_unseen' : 'matched',
    planEventId: event.id,
    volume: i % 20 === 19 ? 0 : 100 + (i % 977),
    firstSeen: i % 20 === 19 ? null : '2024-03-01T00:00:00.000Z',
    lastSeen: i % 20 === 19 ? null : '2024-03-31T00:00:00.000Z',
    properties: [{ path: 'extra_prop', presence: 10, types: { string: 10 } }],
  }));
  for (let i = 0; i < 500; i++) {
    observed.push({
      name: `unplanned thing ${i}`,
      kind: 'track',
      match: 'unplanned',
      planEventId: null,
      volume: 5 + i,
      firstSeen: '2024-03-01T00:00:00.000Z',
      lastSeen: '2024-03-02T00:00:00.000Z',
      properties: [],
    });
  }
  const findings: Finding[] = plan.events.slice(0, 2_000).map((event, i) => ({
    id: `00000009-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
    type: 'unplanned_property',
    severity: (['low', 'medium', 'high'] as const)[i % 3],
    layer: { layer: 'event', id: event.id, name: event.name },
    state: 'open',
    subject: { event: event.name, property: 'extra_prop' },
    counts: { observed: 100, affected: 10, rate: 0.1 },
    firstSeen: '2024-03-01T00:00:00.000Z',
    lastSeen: '2024-03-31T00:00:00.000Z',
    planVersion: 'bench',
    details: { planEventId: event.id },
  }));
  return { observed, findings };
}

function main() {
  const built = performance.now();
  const plan = planSnapshotOf(largePlan(), { version: 'bench' });
  const snapshotMs = performance.now() - built;
  const prepared = performance.now();
  preparePlan(plan);
  const prepareMs = performance.now() - prepared;
  const discovery = discoveryData(plan);
  const ctx = toolContext({ plan, ...discovery }, 'viewer');
  const name = (i: number) => plan.events[(i * 7919) % SIZE.events].name;
  const word = (i: number) => WORDS[i % WORDS.length];

  const inputs: Record<PureToolName, (i: number) => unknown> = {
    search_plan: (i) => ({ query: i % 3 === 0 ? name(i) : i % 3 === 1 ? `${word(i)} evnt ${i}` : `${word(i)} step` }),
    get_event: (i) => ({ event: name(i) }),
    get_attribute: (i) => ({ attribute: plan.attributes[(2_020 + i * 13) % SIZE.attributes].name }),
    get_view: (i) => ({ view: plan.views[(i * 9) % SIZE.views].name }),
    get_map: (i) => ({
      map: 'Main journey',
      from: `${word(i)} view ${i % 10}`,
      to: `${WORDS[(i + 5) % 10]} view ${40 + (i % 10) + 5}`,
    }),
    list_items: (i) => ({ kind: (['event', 'attribute', 'view', 'map'] as const)[i % 4], tag: word(i), limit: 50 }),
    discovery_overview: () => ({}),
    discovery_event: (i) => ({ event: name(i) }),
    list_findings: (i) => (i % 2 === 0 ? { event: name(i) } : { severity: 'high' }),
    propose_change: (i) => ({ action: 'create', entity: 'event', fields: { name: `new ${i}` }, reason: 'bench' }),
  };
  const lines = [
    `assistant tools on ${SIZE.events.toLocaleString('en-US')} events, ${SIZE.attributes.toLocaleString('en-US')} attributes, ${SIZE.views.toLocaleString('en-US')} views (viewer role)`,
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    `snapshot built in ${snapshotMs.toFixed(0)} ms; prepared (index) in ${prepareMs.toFixed(0)} ms, once per plan version`,
  ];
  let worst = 0;
  for (const [tool, input] of Object.entries(inputs) as Array<[PureToolName, (i: number) => unknown]>) {
    const samples = time((i) => runTool(ctx, tool, input(i)));
    worst = Math.max(worst, percentile(samples, 95));
    lines.push(row(tool, samples));
  }
  const names = plan.events.map((e) => e.name);
  const baseline = time((i) => {
    const needle = word(i);
    return names.filter((n) => n.toLowerCase().includes(needle)).length;
  });
  lines.push(row('baseline: name scan', baseline));
  const questions = [
    (i: number) => `Is ${name(i)} tracked?`,
    (i: number) => `What properties does ${name(i)} have?`,
    (i: number) => `Where does ${name(i)} fire?`,
    (i: number) => `How many events are tagged ${word(i)}?`,
    (i: number) => `Who owns ${name(i)}?`,
    (i: number) => `What is wrong with ${name(i)}?`,
    (i: number) => `Plan vs source for ${name(i)}`,
    (i: number) =>
      `Path from ${word(i)} view ${i % 10} to ${WORDS[(i + 5) % 10]} view ${45 + (i % 10)} in Main journey`,
    () => 'Which planned events were not seen?',
    () => 'Why did revenue drop?',
  ];
  const answers = time((i) => answerOffline(questions[i % questions.length](i), ctx));
  lines.push(row('offline answer', answers));
  lines.push(
    `tool p95 (worst tool) ${worst.toFixed(2)} ms — target ≤ ${TARGET_P95_MS} ms: ${worst <= TARGET_P95_MS ? 'met' : 'NOT met'}`,
  );
  lines.push(`worst tool p95 / name-scan p95: ${(worst / percentile(baseline, 95)).toFixed(1)}×`);
  console.log(lines.join('\n'));
}

main();
