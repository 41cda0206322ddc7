import type { AttributeType, ItemType, Validation, ValidationKind } from '@tracemap/contracts';
import { userPatternError } from './user-pattern';

/**
 * Checks on an attribute's `validation`. For arrays the validation applies to
 * each item, so it is checked against the item type.
 */
type Field = Exclude<keyof Validation, 'kind'>;
type EnumValue = string | number | boolean;
/** What a problem is about, so lint can file it under the right rule. */
export type ValidationTopic = 'enum' | 'regex' | 'shape';
export interface ValidationIssue {
  topic: ValidationTopic;
  message: string;
}

const ALL_FIELDS: Field[] = ['values', 'pattern', 'min', 'max', 'minLength', 'maxLength', 'format', 'const'];
export const VALIDATION_FIELDS: Record<ValidationKind, Field[]> = {
  none: [],
  enum: ['values'],
  regex: ['pattern'],
  range: ['min', 'max'],
  length: ['minLength', 'maxLength'],
  format: ['format'],
  const: ['const'],
};
type ValueType = AttributeType | ItemType;
const FITS: Record<ValidationKind, ValueType[]> = {
  none: ['string', 'integer', 'number', 'boolean', 'datetime', 'object', 'array', 'any'],
  enum: ['string', 'integer', 'number', 'boolean', 'any'],
  regex: ['string', 'any'],
  range: ['integer', 'number', 'any'],
  length: ['string', 'any'],
  format: ['string', 'any'],
  const: ['string', 'integer', 'number', 'boolean', 'any'],
};

/** The type values are checked against: an array's item type, otherwise the type itself. */
/** "a string", "an integer": messages read as sentences. */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}

export function valueTypeOf(type: AttributeType, itemType?: ItemType | null): ValueType {
  return type === 'array' ? (itemType ?? 'any') : type;
}

export function validationProblems(validation: Validation, type: AttributeType, itemType?: ItemType | null): string[] {
  return validationIssues(validation, type, itemType).map((issue) => issue.message);
}

export function validationIssues(
  validation: Validation,
  type: AttributeType,
  itemType?: ItemType | null,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const shape = (message: string) => issues.push({ topic: 'shape', message });
  // The contract's static type of `kind` is a plain string, so check it here.
  const kind = validation.kind;
  if (!Object.hasOwn(VALIDATION_FIELDS, kind))
    return [{ topic: 'shape', message: `"${validation.kind}" is not a validation kind.` }];
  const used = VALIDATION_FIELDS[kind];
  for (const field of ALL_FIELDS) {
    if (validation[field] !== undefined && !used.includes(field))
      shape(`${cap(withArticle(kind))} validation does not use "${field}".`);
  }
  const valueType = valueTypeOf(type, itemType);
  const typeWord = type === 'array' ? `an array of ${valueType}` : withArticle(valueType);
  if (!FITS[kind].includes(valueType)) shape(`${cap(withArticle(kind))} validation does not apply to ${typeWord}.`);

  switch (kind) {
    case 'enum':
      issues.push(...enumIssues(validation.values, valueType));
      break;
    case 'regex': {
      if (validation.pattern === undefined || validation.pattern === '') {
        issues.push({ topic: 'regex', message: 'A regex validation needs a pattern.' });
      } else {
        const error = userPatternError(validation.pattern);
        if (error) issues.push({ topic: 'regex', message: error });
      }
      break;
    }
    case 'range':
      if (validation.min === undefined && validation.max === undefined)
        shape('A range validation needs a minimum, a maximum or both.');
      if (validation.min !== undefined && validation.max !== undefined && validation.min > validation.max) {
        shape(`The minimum (${validation.min}) is greater than the maximum (${validation.max}).`);
      }
      break;
    case 'length':
      if (validation.minLength === undefined && validation.maxLength === undefined) {
        shape('A length validation needs a minimum length, a maximum length or both.');
      }
      if (
        validation.minLength !== undefined &&
        validation.maxLength !== undefined &&
        validation.minLength > validation.maxLength
      ) {
        shape(
          `The minimum length (${validation.minLength}) is greater than the maximum length (${validation.maxLength}).`,
        );
      }
      break;
    case 'format':
      if (validation.format === undefined) shape('A format validation needs a format.');
      break;
    case 'const':
      if (validation.const === undefined) shape('A const validation needs a value.');
      else if (!valueFitsType(validation.const, valueType))
        shape(`The constant ${JSON.stringify(validation.const)} is not ${typeWord}.`);
      break;
  }
  return issues;
}

function enumIssues(values: EnumValue[] | undefined, valueType: ValueType): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const add = (message: string) => issues.push({ topic: 'enum', message });
  if (!values || values.length === 0) {
    add('An enum validation needs at least one value.');
    return issues;
  }
  const seen = new Set<string>();
  const reported = new Set<string>();
  for (const value of values) {
    if (typeof value === 'string' && value.trim() === '') add('Enum values may not be empty.');
    const key = JSON.stringify(value);
    if (seen.has(key) && !reported.has(key)) {
      add(`The enum value ${key} appears more than once.`);
      reported.add(key);
    }
    seen.add(key);
    if (!valueFitsType(value, valueType)) add(`The enum value ${key} is not ${withArticle(valueType)}.`);
  }
  return issues;
}

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function valueFitsType(value: EnumValue, valueType: ValueType): boolean {
  switch (valueType) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'any':
      return true;
    default:
      return false;
  }
}
