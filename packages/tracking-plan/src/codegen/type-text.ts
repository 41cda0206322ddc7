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

/**
 * Writes interface members: `readonly name?: T;` under a one-line JSDoc.
 * Large plans repeat the same attribute across thousands of events, so each
 * distinct member is written once per generation and reused.
 */
export type MemberWrite = (effective: EffectiveAttribute, optional: boolean) => string;

export function memberWriter(): MemberWrite {
  const written = new Map<string, string>();
  return (effective, optional) => {
    const { attribute, validation } = effective;
    const inherited = inheritedFrom(effective);
    const narrowed = validation === attribute.validation ? '' : JSON.stringify(validation);
    const key = `${attribute.id}\0${optional}\0${inherited ?? ''}\0${narrowed}`;
    let text = written.get(key);
    if (text === undefined) {
      const doc = docLine(attributeDoc(effective, inherited), '  ');
      const member = `  readonly ${propertyKey(attribute.name)}${optional ? '?' : ''}: ${attributeType(effective)};`;
      text = doc ? `${doc}\n${member}` : member;
      written.set(key, text);
    }
    return text;
  };
}

function attributeDoc({ attribute, validation }: EffectiveAttribute, inherited: string | null): string[] {
  const lines = attribute.status === 'deprecated' ? ['@deprecated'] : [];
  if (attribute.description) lines.push(attribute.description);
  const rule = ruleText(validation);
  if (rule) lines.push(rule);
  if (attribute.type === 'datetime') lines.push('An ISO 8601 date and time.');
  if (inherited) lines.push(inherited);
  if (attribute.pii) lines.push('Personal data.');
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
  const views = new Set<string>();
  const maps = new Set<string>();
  for (const source of sources) {
    if (source.layer === 'event') return null;
    if (source.layer === 'view' && source.name) views.add(`"${source.name}"`);
    else if (source.layer === 'map' && source.name) maps.add(`"${source.name}"`);
  }
  if (views.size > 0) return `Inherited from ${views.size > 1 ? 'views' : 'view'} ${[...views].sort().join(', ')}.`;
  if (maps.size > 0) return `Inherited from ${maps.size > 1 ? 'maps' : 'map'} ${[...maps].sort().join(', ')}.`;
  return null;
}

const commentSafe = (line: string) => line.replace(/\*\//g, '*\\/');
const LINE_BREAKS = /\r\n|\r|\n|\u2028|\u2029/;

/** A one-line JSDoc of sentences; text cannot close the comment early. */
export function docLine(sentences: readonly string[], indent = ''): string {
  const text = commentSafe(
    sentences
      .flatMap((s) => s.split(LINE_BREAKS))
      .map((s) => s.trim())
      .filter(Boolean)
      .join(' '),
  );
  return text ? `${indent}/** ${text} */` : '';
}

/** A JSDoc block; text cannot close the comment early. */
export function docLines(lines: readonly string[], indent = ''): string[] {
  const text = lines.flatMap((line) => line.split(LINE_BREAKS)).map((line) => commentSafe(line).trimEnd());
  while (text.length > 0 && text[text.length - 1] === '') text.pop();
  if (text.length === 0) return [];
  if (text.length === 1) return [`${indent}/** ${text[0]} */`];
  return [`${indent}/**`, ...text.map((line) => (line ? `${indent} * ${line}` : `${indent} *`)), `${indent} */`];
}
