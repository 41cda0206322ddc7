import {
  ITEM_TYPES,
  type AttributeTypeSchema,
  type IntakeAttribute,
  type ItemTypeSchema,
  type Validation,
} from '@tracemap/contracts';
import type { ObservedType, ProfileProperty, TypeCounts } from '@tracemap/discovery';
import type { Static } from '@sinclair/typebox';

type AttributeType = Static<typeof AttributeTypeSchema>;
type ItemType = Static<typeof ItemTypeSchema>;

/** The plan's type for each observed one: string formats and numbers sent as text are strings. */
const PLAN_TYPE: Record<ObservedType, AttributeType | null> = {
  string: 'string',
  email: 'string',
  uuid: 'string',
  url: 'string',
  'numeric-string': 'string',
  datetime: 'datetime',
  integer: 'integer',
  number: 'number',
  boolean: 'boolean',
  array: 'array',
  object: 'object',
  null: null,
};

/** An enum is suggested only when few values cover every value seen, each seen repeatedly. */
const ENUM_MAX_VALUES = 12;
const ENUM_MIN_SEEN = 20;
const ENUM_MIN_PER_VALUE = 3;

/** Counts per plan type (null left out); integers count as numbers where decimals came too. */
function planTypeCounts(types: TypeCounts): Map<AttributeType, number> {
  const out = new Map<AttributeType, number>();
  for (const [observed, count] of Object.entries(types) as [ObservedType, number][]) {
    const type = PLAN_TYPE[observed];
    if (type && count > 0) out.set(type, (out.get(type) ?? 0) + count);
  }
  if (out.has('integer') && out.has('number')) {
    out.set('number', (out.get('number') ?? 0) + (out.get('integer') ?? 0));
    out.delete('integer');
  }
  return out;
}

/** The plan type most values came in; `any` when nothing but nulls came. */
export function dominantType(types: TypeCounts): AttributeType {
  let best: AttributeType = 'any';
  let bestCount = 0;
  for (const [type, count] of planTypeCounts(types)) {
    if (count > bestCount) [best, bestCount] = [type, count];
  }
  return best;
}

function enumValues(row: ProfileProperty, type: AttributeType): Validation | null {
  if (type !== 'string' || row.highCardinality || row.personal > 0 || row.masked > 0) return null;
  const values = row.topValues.filter((v) => typeof v.value === 'string');
  const covered = values.reduce((sum, v) => sum + v.count, 0);
  if (values.length === 0 || values.length > ENUM_MAX_VALUES || row.sketched < ENUM_MIN_SEEN) return null;
  if (covered !== row.sketched || values.some((v) => v.count < ENUM_MIN_PER_VALUE)) return null;
  return { kind: 'enum', values: values.map((v) => v.value).sort() };
}

/**
 * The attribute an observed top-level property suggests: its name, the type most of its
 * values came in, nullable when nulls came, personal when values looked personal, and an
 * enum only when a handful of values covered everything seen. Required when every event
 * observed carried it. Nested paths (`a.b`, `items[].price`) belong to their top-level
 * property and are not attributes of their own.
 */
export function intakeAttribute(row: ProfileProperty, eventTotal: number, itemRow?: ProfileProperty): IntakeAttribute {
  const type = dominantType(row.types);
  const validation = enumValues(row, type);
  const itemType = type === 'array' && itemRow ? dominantType(itemRow.types) : null;
  return {
    attribute: {
      name: row.path,
      type,
      ...(itemType && isItemType(itemType) ? { itemType } : {}),
      ...(validation ? { validation } : {}),
      nullable: (row.types.null ?? 0) > 0,
      pii: row.personal > 0,
      description: `Seen in ${row.present} of ${eventTotal} observed events.`,
    },
    presence: eventTotal > 0 && row.present >= eventTotal ? 'required' : 'optional',
  };
}

const isItemType = (type: string): type is ItemType => (ITEM_TYPES as readonly string[]).includes(type);

export const isTopLevel = (path: string): boolean => !path.includes('.') && !path.includes('[]');
