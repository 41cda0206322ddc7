import { OBSERVED_TYPES, type ObservedType } from './profile';

// Classifying runs once per observed value, so each test starts with a cheap
// look at a character or the length before any regular expression runs.

const DATETIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\/[^\s]+$/i;
const NUMERIC = /^-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
const PHONE_CHARS = /^\+?[\d\s().-]+$/;

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** The format of a string, or `string` when it has none discovery recognises. */
export function stringType(value: string): ObservedType {
  const length = value.length;
  if (length === 0) return 'string';
  const first = value.charCodeAt(0);
  if (isDigit(first)) {
    if (length >= 10 && value.charCodeAt(4) === 45 && DATETIME.test(value)) return 'datetime';
    if (length === 36 && value.charCodeAt(8) === 45 && UUID.test(value)) return 'uuid';
    if (NUMERIC.test(value)) return 'numeric-string';
    return 'string';
  }
  if (first === 45 || first === 46) return NUMERIC.test(value) ? 'numeric-string' : 'string';
  if (length === 36 && value.charCodeAt(8) === 45 && UUID.test(value)) return 'uuid';
  if (value.indexOf('@') > 0 && EMAIL.test(value)) return 'email';
  if (value.indexOf('://') > 0 && URL_LIKE.test(value)) return 'url';
  return 'string';
}

/** The observed type of a JSON value. */
export function valueType(value: unknown): ObservedType {
  switch (typeof value) {
    case 'string':
      return stringType(value);
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'bigint':
      return 'integer';
    case 'boolean':
      return 'boolean';
    case 'object':
      if (value === null) return 'null';
      return Array.isArray(value) ? 'array' : 'object';
    default:
      return 'null';
  }
}

/** Each observed type's position in OBSERVED_TYPES: what the profile builder keys shapes by. */
export const TYPE_CODES: Readonly<Record<ObservedType, number>> = Object.fromEntries(
  OBSERVED_TYPES.map((type, code) => [type, code]),
) as Record<ObservedType, number>;

/**
 * Whether a string looks like a phone number: 7 to 15 digits written with a
 * leading `+` or the separators people put in phone numbers. A bare run of
 * digits is an id far more often than a phone number, so it does not count.
 */
export function looksLikePhone(value: string): boolean {
  const length = value.length;
  if (length < 7 || length > 24) return false;
  const first = value.charCodeAt(0);
  if (first !== 43 && first !== 40 && !isDigit(first)) return false;
  if (!PHONE_CHARS.test(value)) return false;
  let digits = 0;
  let separators = 0;
  for (let i = 0; i < length; i++) {
    if (isDigit(value.charCodeAt(i))) digits++;
    else separators++;
  }
  if (digits < 7 || digits > 15) return false;
  return first === 43 || (separators > 0 && separators <= 5);
}

/** Whether a string of the given observed type looks like personal data (never kept as a value). */
export function looksPersonal(value: string, type: ObservedType): boolean {
  if (type === 'email') return true;
  if (type === 'string' || type === 'numeric-string') return looksLikePhone(value);
  return false;
}
