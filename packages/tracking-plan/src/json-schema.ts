import type { EffectiveAttribute, EventKind, Validation } from '@tracemap/contracts';

/**
 * The effective attributes of an event as a draft-07 JSON Schema of its
 * properties, and all events as Segment Protocols-style tracking-plan rules.
 */
export const JSON_SCHEMA_DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
type Schema = Record<string, unknown>;
const JSON_TYPES: Record<string, string | undefined> = {
  string: 'string',
  integer: 'integer',
  number: 'number',
  boolean: 'boolean',
  datetime: 'string',
  object: 'object',
  array: 'array',
  any: undefined,
};

export function eventJsonSchema(
  event: { name: string; description: string; kind: EventKind | string },
  attributes: EffectiveAttribute[],
): Schema {
  const schema: Schema = { $schema: JSON_SCHEMA_DRAFT_07, title: event.name };
  if (event.description) schema.description = event.description;
  return { ...schema, ...objectSchema(attributes) };
}

/** `{ type: 'object', properties, required, additionalProperties: false }` for a set of attributes. */
export function objectSchema(attributes: EffectiveAttribute[]): Schema {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const effective of attributes) {
    properties[effective.attribute.name] = attributeSchema(effective);
    if (effective.presence === 'required') required.push(effective.attribute.name);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

export function attributeSchema({ attribute, validation }: EffectiveAttribute): Schema {
  const schema: Schema = {};
  if (attribute.description) schema.description = attribute.description;
  const isArray = attribute.type === 'array';
  const valueType = isArray ? (attribute.itemType ?? 'any') : attribute.type;
  const value: Schema = typeSchema(valueType);
  // For arrays the validation describes each item; null is allowed for the array itself.
  Object.assign(value, validationKeywords(validation, attribute.nullable && !isArray));
  if (isArray) {
    schema.type = 'array';
    schema.items = value;
  } else {
    Object.assign(schema, value);
  }
  if (attribute.nullable && typeof schema.type === 'string') schema.type = [schema.type, 'null'];
  return schema;
}

function typeSchema(type: string): Schema {
  const jsonType = JSON_TYPES[type];
  const schema: Schema = jsonType ? { type: jsonType } : {};
  if (type === 'datetime') schema.format = 'date-time';
  return schema;
}

function validationKeywords(validation: Validation, nullable: boolean): Schema {
  switch (validation.kind) {
    case 'enum':
      // An enum without null would refuse null even when the type allows it.
      return { enum: nullable ? [...(validation.values ?? []), null] : [...(validation.values ?? [])] };
    case 'const':
      return nullable ? { enum: [validation.const, null] } : { const: validation.const };
    case 'regex':
      return { pattern: validation.pattern };
    case 'range':
      return defined({ minimum: validation.min, maximum: validation.max });
    case 'length':
      return defined({ minLength: validation.minLength, maxLength: validation.maxLength });
    case 'format':
      return { format: validation.format };
    default:
      return {};
  }
}

const defined = (schema: Schema): Schema =>
  Object.fromEntries(Object.entries(schema).filter(([, v]) => v !== undefined));

// ——— Segment Protocols-style rules ———

/** The call type a Segment rule validates. */
export type SegmentRuleType = 'TRACK' | 'PAGE' | 'SCREEN' | 'IDENTIFY' | 'GROUP';
const RULE_TYPES: Record<string, SegmentRuleType> = {
  track: 'TRACK',
  page: 'PAGE',
  screen: 'SCREEN',
  identify: 'IDENTIFY',
  group: 'GROUP',
};
export interface SegmentRule {
  key: string;
  type: SegmentRuleType;
  version: 1;
  jsonSchema: Schema;
}
export interface SegmentRulesBundle {
  rules: { events: SegmentRule[]; common?: Schema; identify?: Schema; group?: Schema };
}
export interface BundleEvent {
  event: { name: string; description: string; kind: EventKind | string };
  attributes: EffectiveAttribute[];
}

/**
 * Segment validates whole calls, so each rule's schema nests ours under the
 * call's field: `properties` for track/page/screen, `traits` for identify and
 * group. The common rule applies to every call; identify and group rules carry
 * the user and group traits. Events of kind identify or group appear among the
 * event rules with those types.
 */
export function segmentRulesBundle(
  events: BundleEvent[],
  commonAttributes: EffectiveAttribute[],
  traits: { user?: EffectiveAttribute[]; group?: EffectiveAttribute[] } = {},
): SegmentRulesBundle {
  const rules: SegmentRulesBundle['rules'] = {
    events: events.map(({ event, attributes }) => {
      const type = RULE_TYPES[event.kind] ?? 'TRACK';
      const field = type === 'IDENTIFY' || type === 'GROUP' ? 'traits' : 'properties';
      return {
        key: event.name,
        type,
        version: 1,
        jsonSchema: callSchema(field, eventJsonSchema(event, attributes), event.description),
      };
    }),
  };
  if (commonAttributes.length > 0) rules.common = callSchema('properties', openObject(objectSchema(commonAttributes)));
  if (traits.user?.length) rules.identify = callSchema('traits', objectSchema(traits.user));
  if (traits.group?.length) rules.group = callSchema('traits', objectSchema(traits.group));
  return { rules };
}

/**
 * A call's schema in draft-07, as Segment writes them: the call's `context`,
 * `traits` and `properties`, ours filled in under one of them and required.
 */
function callSchema(field: 'properties' | 'traits', inner: Schema, description?: string): Schema {
  const { $schema: _drop, title: _title, description: _description, ...body } = inner;
  const schema: Schema = { $schema: JSON_SCHEMA_DRAFT_07, type: 'object' };
  if (description) schema.description = description;
  return { ...schema, properties: { context: {}, traits: {}, properties: {}, [field]: body }, required: [field] };
}

/** The flat rule list of Segment's Public API: the bundle's events, then COMMON, IDENTIFY and GROUP rules without a key. */
export function segmentRulesList(
  bundle: SegmentRulesBundle,
): Array<{ key: string | null; type: SegmentRuleType | 'COMMON'; version: 1; jsonSchema: Schema }> {
  const { events, common, identify, group } = bundle.rules;
  const keyless = [
    ['COMMON', common],
    ['IDENTIFY', identify],
    ['GROUP', group],
  ] as const;
  return [
    ...events,
    ...keyless
      .filter(([, schema]) => schema !== undefined)
      .map(([type, schema]) => ({ key: null, type, version: 1 as const, jsonSchema: schema! })),
  ];
}

/**
 * The common rule is checked alongside each event's rule and names only the
 * shared properties, so it must not refuse the ones it does not name. Event
 * rules stay closed: their effective attributes already include the system ones.
 */
function openObject(schema: Schema): Schema {
  const { additionalProperties: _closed, ...open } = schema;
  return open;
}
