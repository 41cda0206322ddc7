import type { Attribute, DestinationWarning, Validation } from '@tracemap/contracts';
import { warn } from './plan';

export type AmplitudeType = 'string' | 'number' | 'boolean' | 'enum' | 'any';

/** How Amplitude describes a property's values. */
export interface AmplitudeValueShape {
  type: AmplitudeType;
  regex: string;
  enumValues: string[];
  isArrayType: boolean;
}

const BASE: Record<string, AmplitudeType> = {
  string: 'string',
  integer: 'number',
  number: 'number',
  boolean: 'boolean',
  datetime: 'string',
  object: 'any',
  any: 'any',
};

/**
 * Amplitude knows five value types, a regex and a list of allowed values (sent comma-separated,
 * so a value holding a comma cannot be sent). Ranges, lengths, formats, null and the inside of
 * objects have no place there: they are left out with a warning.
 */
export function amplitudeShape(
  attribute: Attribute,
  validation: Validation,
  warnings: DestinationWarning[],
): AmplitudeValueShape {
  const isArrayType = attribute.type === 'array';
  const valueType = isArrayType ? (attribute.itemType ?? 'any') : attribute.type;
  const shape: AmplitudeValueShape = { type: BASE[valueType] ?? 'any', regex: '', enumValues: [], isArrayType };
  const lost = (what: string) =>
    warn(warnings, {
      code: 'not_representable',
      subject: `${attribute.name}:${what}`,
      message: `Amplitude cannot hold the ${what} of "${attribute.name}"; it is left out.`,
    });
  const values =
    validation.kind === 'enum'
      ? (validation.values ?? []).map(String)
      : validation.kind === 'const'
        ? [String(validation.const)]
        : null;
  if (values) {
    if (values.some((v) => v.includes(','))) lost('allowed values with commas');
    else {
      shape.type = 'enum';
      shape.enumValues = values;
    }
  } else if (validation.kind === 'regex') shape.regex = validation.pattern ?? '';
  else if (validation.kind !== 'none') lost(`${validation.kind} rule`);
  if (valueType === 'datetime') lost('date-time format');
  if (valueType === 'object') lost('object shape');
  if (attribute.nullable) lost('null allowance');
  return shape;
}

/** Amplitude answers allowed values as a list or as one comma-separated text. */
export function enumValuesOf(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw === 'string' && raw !== '') return raw.split(',').map((v) => v.trim());
  return [];
}

export const truthy = (raw: unknown): boolean => raw === true || raw === 'true';
