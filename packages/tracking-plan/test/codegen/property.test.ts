import fc from 'fast-check';
import type { Attribute, NativeEvent, NativeView, Validation } from '@tracemap/contracts';
import { generateTypeScript } from '../../src/codegen';
import { RESERVED } from '../../src/codegen/identifiers';
import { attribute, event, uuid, view } from '../builders';
import { codegenPlan, compile, load, recordingClient, samplePlan } from './support';
import { samplePlans } from '../../src/samples';

/**
 * Random plans with hostile names (any script, emoji, reserved words, names
 * that fold or case to the same identifier), enums, objects and arrays:
 * identifiers stay unique and valid, the output compiles, and generating again
 * (from the same plan in another order) gives the same bytes.
 */
const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$]*$/u;
const TRICKY = [
  'default',
  'class',
  'constructor',
  '__proto__',
  'toString',
  'Order Completed',
  'order_completed',
  'ORDER-COMPLETED',
  '1st Visit',
  'ünïcödé',
  '注文完了',
  'طلب',
  '🛒 Cart',
  '   x',
  'a*/b',
  "it's",
  'back\\slash',
  'Ω',
  '꧐',
  '٣ أيام',
];

const nameArbitrary = fc.oneof(
  fc.constantFrom(...TRICKY, ...RESERVED),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }),
);
/** Names as the contract allows them: one line, no blanks around. */
const planName = nameArbitrary.map((n) => n.replace(/[\r\n\u2028\u2029]/g, ' ').trim() || 'x');

const validationArbitrary: fc.Arbitrary<[Attribute['type'], Attribute['itemType'], Validation]> = fc.oneof(
  fc.constant<[Attribute['type'], Attribute['itemType'], Validation]>(['string', null, { kind: 'none' }]),
  fc
    .uniqueArray(fc.oneof(fc.string({ maxLength: 6 }), nameArbitrary), { minLength: 1, maxLength: 4 })
    .map((values): [Attribute['type'], Attribute['itemType'], Validation] => [
      'string',
      null,
      { kind: 'enum', values },
    ]),
  fc
    .uniqueArray(fc.integer({ min: -5, max: 5 }), { minLength: 1, maxLength: 3 })
    .map((values): [Attribute['type'], Attribute['itemType'], Validation] => [
      'integer',
      null,
      { kind: 'enum', values },
    ]),
  fc.constant<[Attribute['type'], Attribute['itemType'], Validation]>(['object', null, { kind: 'none' }]),
  fc.constant<[Attribute['type'], Attribute['itemType'], Validation]>(['array', 'object', { kind: 'none' }]),
  fc.constant<[Attribute['type'], Attribute['itemType'], Validation]>([
    'array',
    'string',
    { kind: 'enum', values: ['a', 'b'] },
  ]),
  fc.constant<[Attribute['type'], Attribute['itemType'], Validation]>([
    'boolean',
    null,
    { kind: 'const', const: true },
  ]),
  fc.constant<[Attribute['type'], Attribute['itemType'], Validation]>(['any', null, { kind: 'none' }]),
  fc.constant<[Attribute['type'], Attribute['itemType'], Validation]>(['datetime', null, { kind: 'none' }]),
  fc.constant<[Attribute['type'], Attribute['itemType'], Validation]>([
    'number',
    null,
    { kind: 'range', min: -1.5, max: 2 },
  ]),
);

const planArbitrary = fc
  .record({
    attributes: fc.array(
      fc.record({
        name: planName,
        scope: fc.constantFrom('event', 'view', 'system', 'user'),
        shape: validationArbitrary,
        nullable: fc.boolean(),
        description: fc.oneof(fc.constant(''), fc.string({ maxLength: 20 })),
      }),
      { minLength: 1, maxLength: 8 },
    ),
    events: fc.array(
      fc.record({
        name: planName,
        kind: fc.constantFrom('track', 'page', 'identify'),
        links: fc.array(fc.nat(), { maxLength: 4 }),
      }),
      { minLength: 1, maxLength: 8 },
    ),
    views: fc.array(
      fc.record({
        name: planName,
        links: fc.array(fc.nat(), { maxLength: 3 }),
        events: fc.array(fc.nat(), { maxLength: 4 }),
      }),
      {
        maxLength: 4,
      },
    ),
    inheritance: fc.boolean(),
  })
  .map(({ attributes, events, views, inheritance }) => {
    const attrs = attributes.map((a) =>
      attribute(a.name, {
        scope: a.scope,
        type: a.shape[0],
        itemType: a.shape[1],
        validation: a.shape[2],
        nullable: a.nullable,
        description: a.description,
      }),
    );
    const pick = (indexes: number[]) => [...new Set(indexes.map((i) => attrs[i % attrs.length]))];
    const evs: NativeEvent[] = events.map((e, i) =>
      event(e.name, {
        kind: e.kind,
        attributes: pick(e.links).map((a, j) => ({
          attributeId: a.id,
          presence: (i + j) % 2 ? 'optional' : 'required',
        })),
      }),
    );
    const vws: NativeView[] = views.map((v) =>
      view(v.name, {
        attributes: pick(v.links).map((a) => ({ attributeId: a.id, presence: 'required' })),
        events: [...new Set(v.events.map((i) => evs[i % evs.length]))].map((e) => ({ eventId: e.id })),
      }),
    );
    return { attributes: attrs, events: evs, views: vws, maps: [], attributeInheritance: inheritance };
  });

describe('generateTypeScript over random plans', () => {
  it('gives unique valid identifiers and code that compiles under strict', () => {
    fc.assert(
      fc.property(planArbitrary, (plan) => {
        const { files, events } = generateTypeScript(plan, { destination: 'segment', validation: 'dev' });
        const names = events.flatMap((e) => [e.functionName, e.typeName]);
        expect(new Set(names).size).toBe(names.length);
        for (const name of names) {
          expect(name).toMatch(IDENTIFIER);
          expect(RESERVED.has(name)).toBe(false);
        }
        expect(compile(files)).toEqual([]);
      }),
      { numRuns: 30, seed: 2311 },
    );
  });

  it('regenerates the same bytes, whatever the order of the plan’s lists', () => {
    fc.assert(
      fc.property(planArbitrary, fc.constantFrom('segment', 'gtag', 'mparticle'), (plan, destination) => {
        const first = generateTypeScript(plan, { destination, validation: 'dev' });
        const reversed = {
          ...plan,
          attributes: [...plan.attributes].reverse(),
          events: [...plan.events].reverse(),
          views: [...plan.views].reverse(),
        };
        expect(generateTypeScript(reversed, { destination, validation: 'dev' })).toEqual(first);
      }),
      { numRuns: 60, seed: 2312 },
    );
  });
});

describe('names that collide', () => {
  it('numbers events whose names give the same identifier, in a fixed order, and sends each under its own name', () => {
    const plan = codegenPlan({ ...samplePlans.ecommerce, events: [], views: [], maps: [] });
    const evs = ['Order Completed', 'order completed!', 'ORDER_COMPLETED', 'class'].map((name, i) =>
      event(name, { id: uuid(900 + i) }),
    );
    const { files, events } = generateTypeScript(
      { ...plan, events: evs },
      { destination: 'segment', validation: 'none' },
    );
    expect(events.map((e) => [e.name, e.functionName])).toEqual([
      ['class', 'trackClass'],
      ['ORDER_COMPLETED', 'trackOrderCompleted'],
      ['Order Completed', 'trackOrderCompleted2'],
      ['order completed!', 'trackOrderCompleted3'],
    ]);
    const api = load(files, 'tracemap/index') as Record<string, (p?: object) => void>;
    const { client, calls } = recordingClient(['track']);
    (api.configure as (o: object) => void)({ client });
    api.trackOrderCompleted2();
    expect(calls).toEqual([['track', 'Order Completed', {}]]);
  });

  it('keeps names that start with a digit valid, in any script', () => {
    const plan = codegenPlan({ ...samplePlans.ecommerce, events: [], views: [], maps: [] });
    const evs = ['1st Visit', '꧐ opened'].map((name, i) => event(name, { id: uuid(950 + i) }));
    const { files, events } = generateTypeScript(
      { ...plan, events: evs },
      { destination: 'segment', validation: 'none' },
    );
    expect(events.map((e) => [e.functionName, e.typeName])).toEqual([
      ['track1StVisit', '_1StVisitProperties'],
      ['track꧐Opened', '_꧐OpenedProperties'],
    ]);
    expect(compile(files)).toEqual([]);
  });

  it('keeps the sample plan’s output free of clock and order effects', () => {
    const plan = samplePlan();
    const once = generateTypeScript(plan, { destination: 'segment', validation: 'dev' });
    expect(generateTypeScript(samplePlan(), { destination: 'segment', validation: 'dev' })).toEqual(once);
    expect(once.files.map((f) => f.content).join('')).not.toMatch(/20\d\d-\d\d-\d\d/);
  });
});
