import type { Attribute, EffectiveAttribute, Validation } from '@tracemap/contracts';
import {
  attributeSchema,
  eventJsonSchema,
  JSON_SCHEMA_DRAFT_07,
  segmentRulesBundle,
  segmentRulesList,
} from '../src/json-schema';
import { attribute } from './builders';

const effective = (
  a: Attribute,
  presence: 'required' | 'optional' = 'optional',
  validation: Validation = a.validation,
): EffectiveAttribute => ({
  attribute: a,
  presence,
  validation,
  layer: 'event',
  sources: [{ layer: 'event', presence }],
});
const schemaOf = (fields: Partial<Attribute>, validation?: Validation) => {
  const { description: _d, ...schema } = attributeSchema(
    effective(attribute('x', fields), 'optional', validation ?? fields.validation),
  );
  return schema;
};

describe('eventJsonSchema', () => {
  it('is a closed draft-07 object with properties and required names', () => {
    const orderId = attribute('order_id', { description: 'The order.' });
    const coupon = attribute('coupon', { description: '' });
    const schema = eventJsonSchema({ name: 'Order Completed', description: 'When an order is paid.', kind: 'track' }, [
      effective(orderId, 'required'),
      effective(coupon),
    ]);
    expect(schema).toEqual({
      $schema: JSON_SCHEMA_DRAFT_07,
      title: 'Order Completed',
      description: 'When an order is paid.',
      type: 'object',
      properties: { order_id: { description: 'The order.', type: 'string' }, coupon: { type: 'string' } },
      required: ['order_id'],
      additionalProperties: false,
    });
  });

  it('maps every type', () => {
    expect(schemaOf({ type: 'integer' })).toEqual({ type: 'integer' });
    expect(schemaOf({ type: 'number' })).toEqual({ type: 'number' });
    expect(schemaOf({ type: 'boolean' })).toEqual({ type: 'boolean' });
    expect(schemaOf({ type: 'datetime' })).toEqual({ type: 'string', format: 'date-time' });
    expect(schemaOf({ type: 'object' })).toEqual({ type: 'object' });
    expect(schemaOf({ type: 'array', itemType: 'string' })).toEqual({ type: 'array', items: { type: 'string' } });
    expect(schemaOf({ type: 'array', itemType: null })).toEqual({ type: 'array', items: {} });
    expect(schemaOf({ type: 'any' })).toEqual({});
  });

  it('writes nullable as a pair of types', () => {
    expect(schemaOf({ type: 'string', nullable: true })).toEqual({ type: ['string', 'null'] });
    expect(schemaOf({ type: 'datetime', nullable: true })).toEqual({ type: ['string', 'null'], format: 'date-time' });
    expect(schemaOf({ type: 'array', itemType: 'integer', nullable: true })).toEqual({
      type: ['array', 'null'],
      items: { type: 'integer' },
    });
    expect(schemaOf({ type: 'any', nullable: true })).toEqual({});
  });

  it('maps every validation kind', () => {
    expect(schemaOf({}, { kind: 'enum', values: ['a', 'b'] })).toEqual({ type: 'string', enum: ['a', 'b'] });
    expect(schemaOf({}, { kind: 'regex', pattern: '^[A-Z]+$' })).toEqual({ type: 'string', pattern: '^[A-Z]+$' });
    expect(schemaOf({ type: 'number' }, { kind: 'range', min: 0 })).toEqual({ type: 'number', minimum: 0 });
    expect(schemaOf({ type: 'integer' }, { kind: 'range', min: 1, max: 9 })).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 9,
    });
    expect(schemaOf({}, { kind: 'length', minLength: 1, maxLength: 5 })).toEqual({
      type: 'string',
      minLength: 1,
      maxLength: 5,
    });
    expect(schemaOf({}, { kind: 'format', format: 'email' })).toEqual({ type: 'string', format: 'email' });
    expect(schemaOf({}, { kind: 'const', const: 'web' })).toEqual({ type: 'string', const: 'web' });
  });

  it('lets null through an enum or const of a nullable attribute', () => {
    expect(schemaOf({ nullable: true }, { kind: 'enum', values: ['a'] })).toEqual({
      type: ['string', 'null'],
      enum: ['a', null],
    });
    expect(schemaOf({ nullable: true }, { kind: 'const', const: 'a' })).toEqual({
      type: ['string', 'null'],
      enum: ['a', null],
    });
  });

  it('applies an array’s validation to its items', () => {
    expect(schemaOf({ type: 'array', itemType: 'string' }, { kind: 'enum', values: ['x'] })).toEqual({
      type: 'array',
      items: { type: 'string', enum: ['x'] },
    });
  });

  it('uses the effective (narrowed) validation, not the attribute’s own', () => {
    const a = attribute('step', { type: 'integer', validation: { kind: 'range', min: 1, max: 5 } });
    expect(attributeSchema(effective(a, 'required', { kind: 'range', min: 2, max: 3 }))).toMatchObject({
      minimum: 2,
      maximum: 3,
    });
  });
});

describe('segmentRulesBundle', () => {
  const orderId = attribute('order_id');
  const platform = attribute('platform', { scope: 'system' });
  const email = attribute('email', { scope: 'user', pii: true });

  it('nests each event’s schema under the call’s properties with its rule type', () => {
    const bundle = segmentRulesBundle(
      [
        {
          event: { name: 'Order Completed', description: 'Paid.', kind: 'track' },
          attributes: [effective(orderId, 'required')],
        },
        { event: { name: 'Home', description: '', kind: 'page' }, attributes: [] },
        { event: { name: 'Signed In', description: '', kind: 'identify' }, attributes: [effective(email)] },
      ],
      [],
    );
    expect(bundle.rules.events.map((r) => [r.key, r.type, r.version])).toEqual([
      ['Order Completed', 'TRACK', 1],
      ['Home', 'PAGE', 1],
      ['Signed In', 'IDENTIFY', 1],
    ]);
    expect(bundle.rules.events[0].jsonSchema).toEqual({
      $schema: JSON_SCHEMA_DRAFT_07,
      type: 'object',
      description: 'Paid.',
      properties: {
        context: {},
        traits: {},
        properties: {
          type: 'object',
          properties: { order_id: { description: 'The order_id.', type: 'string' } },
          required: ['order_id'],
          additionalProperties: false,
        },
      },
      required: ['properties'],
    });
    expect(bundle.rules.events[2].jsonSchema.required).toEqual(['traits']);
    expect((bundle.rules.events[2].jsonSchema.properties as { traits: object }).traits).toMatchObject({
      required: [],
      additionalProperties: false,
    });
    expect(bundle.rules.common).toBeUndefined();
  });

  it('adds an open common rule and identify/group trait rules', () => {
    const bundle = segmentRulesBundle([], [effective(platform)], { user: [effective(email, 'required')], group: [] });
    const common = bundle.rules.common as { properties: { properties: Record<string, unknown> } };
    expect(common.properties.properties).toEqual({
      type: 'object',
      properties: { platform: expect.any(Object) },
      required: [],
    });
    const identify = bundle.rules.identify as { properties: { traits: Record<string, unknown> } };
    expect(identify.properties.traits).toMatchObject({ required: ['email'], additionalProperties: false });
    expect(bundle.rules.group).toBeUndefined();
  });
});

describe('segmentRulesList', () => {
  it('flattens the bundle into Public API rules, keyless for COMMON, IDENTIFY and GROUP', () => {
    const a = attribute('platform', { scope: 'system' });
    const bundle = segmentRulesBundle(
      [{ event: { name: 'Home', description: '', kind: 'page' }, attributes: [] }],
      [effective(a)],
      { user: [effective(a)] },
    );
    expect(segmentRulesList(bundle).map((r) => [r.key, r.type, r.version])).toEqual([
      ['Home', 'PAGE', 1],
      [null, 'COMMON', 1],
      [null, 'IDENTIFY', 1],
    ]);
  });
});
