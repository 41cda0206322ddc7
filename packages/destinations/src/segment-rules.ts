import type { Attribute, Validation } from '@tracemap/contracts';
import { attributeSchema, JSON_SCHEMA_DRAFT_07, type SegmentRuleType } from '@tracemap/tracking-plan';
import { sameJson } from './canonical';
import type { Uses } from './plan';

type Schema = Record<string, unknown>;

/**
 * JSON Schema of sets of attributes, as the plan's export writes them, with each attribute's
 * schema made once when events carry it as the plan defines it (a 10,000-event plan repeats the
 * same attributes hundreds of thousands of times). The schemas are shared, never changed.
 */
/** Only the attribute and its check shape the schema (not presence nor layer). */
const wholeSchema = (attribute: Attribute, validation: Validation): Schema =>
  attributeSchema({ attribute, validation, presence: 'optional', layer: 'event', sources: [] });

export function schemaCache() {
  const byAttribute = new Map<string, Schema>();
  const schemaOf = (attribute: Attribute, validation: Validation): Schema => {
    if (validation !== attribute.validation && !sameJson(validation, attribute.validation))
      return wholeSchema(attribute, validation);
    // The schema says nothing of the name, so a renamed attribute shares it too.
    let schema = byAttribute.get(attribute.id);
    if (!schema) {
      schema = wholeSchema(attribute, validation);
      byAttribute.set(attribute.id, schema);
    }
    return schema;
  };
  /** `{ type: 'object', properties, required, additionalProperties: false }`, under destination names. */
  const objectSchema = (uses: Uses, nameOf: (name: string) => string): Schema => {
    // Keyed by tens of thousands of different names: a dictionary from the start spares V8 a
    // hidden class per key order.
    const properties = Object.create(null) as Record<string, Schema>;
    const required: string[] = [];
    uses((attribute, validation, presence) => {
      const name = nameOf(attribute.name);
      properties[name] = schemaOf(attribute, validation);
      if (presence === 'required') required.push(name);
    });
    return { type: 'object', properties, required, additionalProperties: false };
  };
  return { objectSchema };
}

const RULE_TYPES: Record<string, SegmentRuleType> = {
  track: 'TRACK',
  page: 'PAGE',
  screen: 'SCREEN',
  identify: 'IDENTIFY',
  group: 'GROUP',
};

export const segmentRuleType = (kind: string): SegmentRuleType => RULE_TYPES[kind] ?? 'TRACK';

/** A Segment call's schema: ours under the call's `properties` (or `traits`), which is required. */
export function callSchema(field: 'properties' | 'traits', inner: Schema, description?: string): Schema {
  const schema: Schema = { $schema: JSON_SCHEMA_DRAFT_07, type: 'object' };
  if (description) schema.description = description;
  return { ...schema, properties: { context: {}, traits: {}, properties: {}, [field]: inner }, required: [field] };
}
