import type { Attribute, SnapshotEffectiveAttribute } from '@tracemap/contracts';
import type { ObservedType, ProfileProperty, TypeCounts } from '../profile/profile';
import type { PlannedUsage } from './observed-groups';

export interface PropertyThresholds {
  /** A required attribute is missing when more than this share of its events lack it. */
  missingRequiredRate: number;
  /** A view, map or the system gets one finding when at least this share of its affected events miss it. */
  layerShare: number;
}

export const STRING_TYPES: readonly ObservedType[] = ['string', 'datetime', 'email', 'uuid', 'url', 'numeric-string'];
export const FITS: Record<string, ReadonlySet<ObservedType>> = {
  string: new Set(STRING_TYPES),
  integer: new Set(['integer']),
  number: new Set(['integer', 'number']),
  boolean: new Set(['boolean']),
  datetime: new Set(['datetime']),
  object: new Set(['object']),
  array: new Set(['array']),
};
/** Families for telling a split apart from variety: an int and a float are both numbers, a URL is a string. */
export const FAMILY: Record<ObservedType, string> = {
  string: 'string',
  datetime: 'string',
  email: 'string',
  uuid: 'string',
  url: 'string',
  'numeric-string': 'numeric-string',
  integer: 'number',
  number: 'number',
  boolean: 'boolean',
  null: 'null',
  array: 'array',
  object: 'object',
};
export const FORMAT_TYPES: Partial<Record<string, ObservedType>> = {
  email: 'email',
  uri: 'url',
  uuid: 'uuid',
  'date-time': 'datetime',
};

/** An effective attribute of one planned event, with its observed property. */
export interface Expected {
  usage: PlannedUsage;
  effective: SnapshotEffectiveAttribute;
  attribute: Attribute;
  observed: ProfileProperty | undefined;
}

/** Type counts without nulls: a null is a value left out, judged by presence and nullability, not by type. */
export function definedCounts(types: TypeCounts): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [type, count] of Object.entries(types)) if (type !== 'null' && count) out[type] = count;
  return out;
}
