/**
 * How long lintPlan takes on a plan at the documented scale: 50,000 attributes,
 * 10,000 events, 2,000 views. Run: npx tsx scripts/bench-lint.ts
 */
import type { Attribute, PlanEvent, PlanView } from '@tracemap/contracts';
import { lintPlan } from '../src/lint';

const stamps = { version: 1, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const id = (prefix: number, n: number) => `00000000-0000-4000-${prefix.toString().padStart(4, '0')}-${n.toString(16).padStart(12, '0')}`;
const WORDS = ['order', 'product', 'cart', 'checkout', 'user', 'page', 'price', 'item', 'coupon', 'search', 'list', 'promo', 'step'];
const word = (n: number, k: number) => WORDS[(n * 7 + k * 3) % WORDS.length];

const attributes: Attribute[] = Array.from({ length: 50_000 }, (_, n) => ({
  id: id(1, n),
  name: `${word(n, 1)}_${word(n, 2)}_${n}`,
  displayName: '',
  description: n % 10 === 0 ? '' : 'Something worth knowing.',
  scope: n % 20 === 0 ? 'view' : 'event',
  type: n % 3 === 0 ? 'integer' : 'string',
  itemType: null,
  validation: n % 5 === 0 ? { kind: 'enum', values: ['a', 'b', 'c'] } : { kind: 'none' },
  origin: '',
  exposed: true,
  nullable: n % 7 === 0,
  pii: false,
  tags: [],
  status: 'live',
  owners: [],
  ...stamps,
}));
const events: PlanEvent[] = Array.from({ length: 10_000 }, (_, n) => ({
  id: id(2, n),
  name: `${word(n, 3)} ${word(n, 4)} ${n}`.replace(/^\w/, (c) => c.toUpperCase()),
  displayName: '',
  description: 'When it happens.',
  kind: 'track',
  category: '',
  tags: [],
  owners: [],
  status: n % 50 === 0 ? 'deprecated' : 'live',
  trigger: '',
  attributes: Array.from({ length: 8 }, (_, k) => ({ attributeId: id(1, (n * 5 + k) % 50_000), presence: k % 2 ? 'optional' : 'required' })),
  ...stamps,
}));
const views: PlanView[] = Array.from({ length: 2_000 }, (_, n) => ({
  id: id(3, n),
  name: `View ${n}`,
  displayName: '',
  description: '',
  type: 'page',
  urlPattern: '',
  screenshotUrl: null,
  tags: [],
  status: 'live',
  attributes: [{ attributeId: id(1, n * 20), presence: 'optional' }],
  events: Array.from({ length: 4 }, (_, k) => ({ eventId: id(2, (n * 4 + k) % 10_000) })),
  ...stamps,
}));
const maps = [{ id: id(4, 1), name: 'Funnel', viewIds: views.slice(0, 1000).map((v) => v.id), eventIds: [] }];
const input = { attributes, events, views, maps, settings: { eventNameCase: 'Title Case' as const, attributeNameCase: 'snake_case' as const } };

lintPlan(input); // warm up
// CPU time as well as wall time: on a shared machine the wall clock mostly measures the neighbours.
const runs = 5;
const wall: number[] = [];
const cpu: number[] = [];
let findings = 0;
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  findings = lintPlan(input).length;
  const used = process.cpuUsage(cpuStarted);
  cpu.push((used.user + used.system) / 1000);
  wall.push(performance.now() - started);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(0);
console.log(
  `lintPlan on 50,000 attributes, 10,000 events, 2,000 views: ${findings} findings; ` +
    `median ${median(wall)} ms wall, ${median(cpu)} ms CPU (min wall ${Math.min(...wall).toFixed(0)} ms)`,
);
