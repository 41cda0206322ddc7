import type { Attribute, DestinationWarning, Validation } from '@tracemap/contracts';
import { warn } from './plan';

/** RudderStack's rule for catalog names: 3 to 65 characters, a letter first. */
export const RUDDERSTACK_NAME = /^[A-Za-z][\s\S]{2,64}$/;

export function rudderstackNameOk(name: string, what: string, warnings: DestinationWarning[]): boolean {
  if (RUDDERSTACK_NAME.test(name)) return true;
  warn(warnings, {
    code: 'name_refused',
    subject: name,
    message: `RudderStack refuses the ${what} name "${name}" (3–65 characters, starting with a letter); map it to another name or it is left out.`,
  });
  return false;
}

const TYPES: Record<string, string> = {
  string: 'string',
  integer: 'integer',
  number: 'number',
  boolean: 'boolean',
  datetime: 'string',
  object: 'object',
  array: 'array',
};

/** A catalog property's type (a comma-separated list, `null` among them when nullable) and its checks. */
export function rudderstackType(attribute: Attribute): string {
  const base = TYPES[attribute.type];
  // `any` is every type: RudderStack says so by listing none.
  if (!base) return '';
  return attribute.nullable ? `${base},null` : base;
}

export function propConfig(attribute: Attribute, validation: Validation): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  if (attribute.type === 'array' && attribute.itemType && attribute.itemType !== 'any')
    config.itemTypes = [TYPES[attribute.itemType] ?? 'string'];
  if (attribute.type === 'datetime') config.format = 'date-time';
  switch (validation.kind) {
    case 'enum':
      config.enum = [...(validation.values ?? [])];
      break;
    case 'const':
      config.enum = [validation.const];
      break;
    case 'regex':
      config.pattern = validation.pattern;
      break;
    case 'range':
      if (validation.min !== undefined) config.minimum = validation.min;
      if (validation.max !== undefined) config.maximum = validation.max;
      break;
    case 'length':
      if (validation.minLength !== undefined) config.minLength = validation.minLength;
      if (validation.maxLength !== undefined) config.maxLength = validation.maxLength;
      break;
    case 'format':
      config.format = validation.format;
      break;
  }
  return config;
}
