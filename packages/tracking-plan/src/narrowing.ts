import type { AttributeType, ItemType, Validation } from '@tracemap/contracts';
import { matchesUserPattern } from './user-pattern';
import { validationProblems, valueTypeOf, withArticle } from './validation';

/**
 * An override on a link may only narrow the attribute's validation: every value
 * the override accepts must also be accepted by the attribute. A missing bound
 * on an override keeps the attribute's bound.
 */
type EnumValue = string | number | boolean;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function narrowingProblem(
  base: Validation,
  override: Validation,
  type: AttributeType,
  itemType?: ItemType | null,
): string | null {
  if (override.kind === 'none')
    return base.kind === 'none' ? null : 'An override cannot remove the attribute’s validation.';
  const own = validationProblems(override, type, itemType);
  if (own.length > 0) return `The override is not valid: ${own[0]}`;
  if (base.kind === 'none') return null;

  if (override.kind === 'enum') return valuesProblem(base, override.values ?? [], valueTypeOf(type, itemType));
  if (override.kind === 'const') return valuesProblem(base, [override.const as EnumValue], valueTypeOf(type, itemType));
  if (override.kind !== base.kind)
    return `${capitalised(withArticle(override.kind))} override cannot narrow ${withArticle(base.kind)} validation.`;

  switch (override.kind) {
    case 'range':
      return boundsProblem(base.min, base.max, override.min, override.max, 'minimum', 'maximum');
    case 'length':
      return boundsProblem(
        base.minLength,
        base.maxLength,
        override.minLength,
        override.maxLength,
        'minimum length',
        'maximum length',
      );
    case 'format':
      return override.format === base.format
        ? null
        : `The format ${override.format} is not the attribute’s format ${base.format}.`;
    case 'regex':
      // Whether one regex only accepts a subset of another cannot be decided in general.
      return override.pattern === base.pattern
        ? null
        : 'A different pattern cannot be shown to narrow the attribute’s pattern.';
    default:
      return null;
  }
}

/** The validation that applies once an override is taken into account. */
export function narrowValidation(
  base: Validation,
  override: Validation | null | undefined,
  type: AttributeType = 'any',
  itemType?: ItemType | null,
): Validation {
  if (!override || override.kind === 'none') return base;
  if (narrowingProblem(base, override, type, itemType) !== null) return base;
  if (override.kind === 'range' && base.kind === 'range') {
    return withBounds(
      'range',
      'min',
      'max',
      tighter(base.min, override.min, Math.max),
      tighter(base.max, override.max, Math.min),
    );
  }
  if (override.kind === 'length' && base.kind === 'length') {
    return withBounds(
      'length',
      'minLength',
      'maxLength',
      tighter(base.minLength, override.minLength, Math.max),
      tighter(base.maxLength, override.maxLength, Math.min),
    );
  }
  return override;
}

function withBounds(
  kind: 'range' | 'length',
  low: 'min' | 'minLength',
  high: 'max' | 'maxLength',
  lo?: number,
  hi?: number,
): Validation {
  const result: Validation = { kind };
  if (lo !== undefined) result[low] = lo;
  if (hi !== undefined) result[high] = hi;
  return result;
}

function tighter(
  a: number | undefined,
  b: number | undefined,
  pick: (x: number, y: number) => number,
): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return pick(a, b);
}

function boundsProblem(
  baseLow: number | undefined,
  baseHigh: number | undefined,
  low: number | undefined,
  high: number | undefined,
  lowWord: string,
  highWord: string,
): string | null {
  if (low !== undefined && baseLow !== undefined && low < baseLow)
    return `The ${lowWord} ${low} is below the attribute’s ${lowWord} ${baseLow}.`;
  if (high !== undefined && baseHigh !== undefined && high > baseHigh)
    return `The ${highWord} ${high} is above the attribute’s ${highWord} ${baseHigh}.`;
  const effectiveLow = low ?? baseLow;
  const effectiveHigh = high ?? baseHigh;
  if (effectiveLow !== undefined && effectiveHigh !== undefined && effectiveLow > effectiveHigh) {
    return `The ${lowWord} ${effectiveLow} is greater than the ${highWord} ${effectiveHigh}.`;
  }
  return null;
}

/** Every value an enum or const override allows must pass the attribute's validation. */
function valuesProblem(base: Validation, values: EnumValue[], _valueType: string): string | null {
  for (const value of values) {
    if (!acceptedBy(base, value))
      return `The value ${JSON.stringify(value)} is not allowed by the attribute’s ${base.kind} validation.`;
  }
  return null;
}

function acceptedBy(base: Validation, value: EnumValue): boolean {
  switch (base.kind) {
    case 'none':
      return true;
    case 'enum':
      return (base.values ?? []).some((v) => v === value);
    case 'const':
      return base.const === value;
    case 'range':
      return (
        typeof value === 'number' &&
        (base.min === undefined || value >= base.min) &&
        (base.max === undefined || value <= base.max)
      );
    case 'length':
      return (
        typeof value === 'string' &&
        (base.minLength === undefined || value.length >= base.minLength) &&
        (base.maxLength === undefined || value.length <= base.maxLength)
      );
    case 'regex':
      return typeof value === 'string' && base.pattern !== undefined && matchesUserPattern(base.pattern, value);
    default:
      // Formats are left to the destinations' validators, so an enum cannot be shown to fit one.
      return false;
  }
}
