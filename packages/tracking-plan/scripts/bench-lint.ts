/**
 * How long lintPlan takes on a plan at the documented scale: 50,000 attributes,
 * 10,000 events, 2,000 views and a map. Names are word combinations (like real
 * plans, not numbered), with a few percent of entities carrying a finding.
 * Run: npx tsx scripts/bench-lint.ts
 */
import type { Attribute, PlanEvent, PlanView } from '@tracemap/contracts';
import { lintEntity, lintPlan } from '../src/lint';

const stamps = { version: 1, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const id = (prefix: number, n: number) =>
  `00000000-0000-4000-${prefix.toString().padStart(4, '0')}-${n.toString(16).padStart(12, '0')}`;
let seed = 42;
const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];

const WORDS =
  `order product cart checkout user page price item coupon search list promo step account address amount banner basket
brand campaign category channel click code color count country currency customer date delivery device discount duration email error
experiment feature filter form gift group height image index invoice label language layout level limit link locale location loyalty
market media member menu message method mode modal month name network note offer option origin owner package panel partner payment
period placement plan platform position post preference premium profile quantity query rank rating reason referral region release
reminder rental report request result return review reward role route sale schedule score screen section segment seller session
setting share shipping size slot source stage status stock store style subscription summary supplier survey tab target tax team
template term theme ticket tier title token topic total tracking trial type unit upgrade variant vendor version video view visit
voucher warehouse week widget width wishlist zone`.split(/\s+/);
const ACTIONS = [
  'Viewed',
  'Clicked',
  'Added',
  'Removed',
  'Started',
  'Completed',
  'Updated',
  'Shared',
  'Opened',
  'Closed',
  'Submitted',
  'Failed',
];
const capital = (w: string) => w[0].toUpperCase() + w.slice(1);

function uniqueNames(count: number, make: () => string): string[] {
  const seen = new Set<string>();
  while (seen.size < count) seen.add(make());
  return [...seen];
}
const attributeNames = uniqueNames(50_000, () => `${pick(WORDS)}_${pick(WORDS)}_${pick(WORDS)}`);
const eventNames = uniqueNames(10_000, () => `${capital(pick(WORDS))} ${capital(pick(WORDS))} ${pick(ACTIONS)}`);

const attributes: Attribute[] = attributeNames.map((name, n) => ({
  id: id(1, n),
  name,
  displayName: '',
  description: n % 50 === 0 ? '' : 'Something worth knowing.',
  scope: n % 20 === 0 ? 'view' : n % 97 === 0 ? 'system' : 'event',
  type: n % 3 === 0 ? 'integer' : 'string',
  itemType: null,
  validation:
    n % 5 === 0
      ? { kind: 'enum', values: n % 3 === 0 ? [1, 2, 3] : ['a', 'b', 'c'] }
      : n % 11 === 0
        ? { kind: 'regex', pattern: '^[a-z]+$' }
        : { kind: 'none' },
  origin: '',
  exposed: true,
  nullable: n % 61 === 0,
  pii: false,
  tags: [],
  status: 'live',
  owners: [],
  ...stamps,
}));
const events: PlanEvent[] = eventNames.map((name, n) => ({
  id: id(2, n),
  name,
  displayName: '',
  description: 'When it happens.',
  kind: 'track',
  category: '',
  tags: [],
  owners: [],
  status: n % 200 === 0 ? 'deprecated' : 'live',
  trigger: '',
  attributes: Array.from({ length: 8 }, (_, k) => ({
    attributeId: id(1, (n * 5 + k) % 50_000),
    presence: k % 2 ? 'optional' : 'required',
  })),
  ...stamps,
}));
const views: PlanView[] = Array.from({ length: 2_000 }, (_, n) => ({
  id: id(3, n),
  name: `${capital(WORDS[n % WORDS.length])} ${capital(WORDS[Math.floor(n / WORDS.length) % WORDS.length])} ${n}`,
  displayName: '',
  description: '',
  type: 'page',
  urlPattern: '',
  screenshotUrl: null,
  tags: [],
  status: 'live',
  attributes: Array.from({ length: 5 }, (_, k) => ({
    attributeId: id(1, (n * 100 + k * 20) % 50_000),
    presence: 'optional' as const,
  })),
  events: Array.from({ length: 5 }, (_, k) => ({ eventId: id(2, (n * 5 + k) % 10_000) })),
  ...stamps,
}));
const maps = [{ id: id(4, 1), name: 'Funnel', viewIds: views.slice(0, 1000).map((v) => v.id), eventIds: [] }];
const input = {
  attributes,
  events,
  views,
  maps,
  settings: { eventNameCase: 'Title Case' as const, attributeNameCase: 'snake_case' as const },
};

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

// lintEntity runs on every save and, in editors, as the user types.
const {
  id: _id,
  version: _v,
  createdAt: _c,
  updatedAt: _u,
  ...newAttribute
} = { ...attributes[123], name: 'brand_new_thing' };
const entityTimes: Record<string, number[]> = { attribute: [], event: [] };
for (let i = 0; i < 6; i++) {
  let started = performance.now();
  lintEntity('attribute', newAttribute, input);
  entityTimes.attribute.push(performance.now() - started);
  started = performance.now();
  lintEntity('event', { ...events[7], name: 'Brand New Thing Viewed' }, input);
  entityTimes.event.push(performance.now() - started);
}
console.log(
  `lintEntity on the same plan: attribute median ${median(entityTimes.attribute)} ms, event median ${median(entityTimes.event)} ms (wall)`,
);
