import type { EffectiveAttribute, Validation } from '@tracemap/contracts';
import { propertyKey, quote } from './identifiers';

/** TypeScript source for one attribute: its value type, its member line and its documentation. */

const BASE_TYPES: Record<string, string> = {
  string: 'string',
  integer: 'number',
  number: 'number',
  boolean: 'boolean',
  datetime: 'string',
  object: 'Readonly<Record<string, unknown>>',
  any: 'unknown',
};

function literal(value: string | number | boolean): string {
  if (typeof value === 'number') return Object.is(value, -0) ? '0' : String(value);
  return typeof value === 'string' ? quote(value) : String(value);
}

/** The type of one value (an array's item): a union of literals when the validation lists them. */
function valueType(type: string, validation: Validation): string {
  if (validation.kind === 'enum' && validation.values && validation.values.length > 0) {
    return [...new Set(validation.values.map(literal))].join(' | ');
  }
  if (validation.kind === 'const' && validation.const !== undefined) return literal(validation.const);
  return BASE_TYPES[type] ?? 'unknown';
}

export function attributeType({ attribute, validation }: EffectiveAttribute): string {
  const isArray = attribute.type === 'array';
  const item = valueType(isArray ? (attribute.itemType ?? 'any') : attribute.type, validation);
  const type = isArray ? `ReadonlyArray<${item}>` : item;
  return attribute.nullable ? `${type} | null` : type;
}

/** `readonly name?: T;` with its JSDoc, indented for an interface body. */
export function memberLines(effective: EffectiveAttribute, optional: boolean): string[] {
  const key = propertyKey(effective.attribute.name);
  return [
    ...docLines(attributeDoc(effective), '  '),
    `  readonly ${key}${optional ? '?' : ''}: ${attributeType(effective)};`,
  ];
}

function attributeDoc(effective: EffectiveAttribute): string[] {
  const { attribute, validation } = effective;
  const lines = attribute.description ? [attribute.description] : [];
  const rule = ruleText(validation);
  if (rule) lines.push(rule);
  if (attribute.type === 'datetime') lines.push('An ISO 8601 date and time.');
  const from = inheritedFrom(effective);
  if (from) lines.push(from);
  if (attribute.pii) lines.push('Personal data.');
  if (attribute.status === 'deprecated') lines.push('@deprecated');
  return lines;
}

function ruleText(validation: Validation): string | null {
  switch (validation.kind) {
    case 'regex':
      return `Matches \`${validation.pattern ?? ''}\`.`;
    case 'range':
      return boundsText('Between', validation.min, validation.max);
    case 'length':
      return boundsText('Length', validation.minLength, validation.maxLength);
    case 'format':
      return `Format: ${validation.format ?? ''}.`;
    default:
      return null;
  }
}

function boundsText(what: 'Between' | 'Length', min: number | undefined, max: number | undefined): string | null {
  const unit = what === 'Length' ? ' characters' : '';
  if (min !== undefined && max !== undefined)
    return what === 'Length' ? `Length between ${min} and ${max}.` : `Between ${min} and ${max}.`;
  if (min !== undefined) return `At least ${min}${unit}.`;
  if (max !== undefined) return `At most ${max}${unit}.`;
  return null;
}

/** Which view or map an inherited attribute came from; nothing for the event's own. */
function inheritedFrom({ sources }: EffectiveAttribute): string | null {
  const names = (layer: string) =>
    [...new Set(sources.filter((s) => s.layer === layer && s.name).map((s) => `“${s.name}”`))].sort();
  if (sources.some((s) => s.layer === 'event')) return null;
  const views = names('view');
  if (views.length > 0) return `Inherited from ${views.length > 1 ? 'views' : 'view'} ${views.join(', ')}.`;
  const maps = names('map');
  if (maps.length > 0) return `Inherited from ${maps.length > 1 ? 'maps' : 'map'} ${maps.join(', ')}.`;
  return null;
}

/** A JSDoc block; text cannot close the comment early. */
export function docLines(lines: readonly string[], indent = ''): string[] {
  const text = lines
    .flatMap((line) => line.split(/\r\n|\r|\n|\u2028|\u2029/))
    .map((line) => line.replace(/\*\//g, '*\\/').trimEnd());
  while (text.length > 0 && text[text.length - 1] === '') text.pop();
  if (text.length === 0) return [];
  if (text.length === 1) return [`${indent}/** ${text[0]} */`];
  return [`${indent}/**`, ...text.map((line) => (line ? `${indent} * ${line}` : `${indent} *`)), `${indent} */`];
}
