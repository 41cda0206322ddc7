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
  // Most members are an event's own attribute as the plan defines it: kept per attribute, without
  // building a text key for each of a large plan's 400,000 members.
  const plain = new Map<string, [optional: string | undefined, required: string | undefined]>();
  const other = new Map<string, string>();
  // An inherited member is one object for every event on the same views: its text is kept with it.
  const inheritedTexts = new WeakMap<
    EffectiveAttribute,
    [optional: string | undefined, required: string | undefined]
  >();
  return (effective, optional) => {
    if (effective.layer === 'event') return written(effective, optional);
    let texts = inheritedTexts.get(effective);
    if (texts === undefined) inheritedTexts.set(effective, (texts = [undefined, undefined]));
    return (texts[optional ? 0 : 1] ??= written(effective, optional));
  };

  function written(effective: EffectiveAttribute, optional: boolean): string {
    const { attribute, validation } = effective;
    const inherited = inheritedFrom(effective);
    if (inherited === null && validation === attribute.validation) {
      let texts = plain.get(attribute.id);
      if (texts === undefined) plain.set(attribute.id, (texts = [undefined, undefined]));
      const slot = optional ? 0 : 1;
      return (texts[slot] ??= memberText(effective, optional, null));
    }
    const narrowed = validation === attribute.validation ? '' : JSON.stringify(validation);
    const key = `${attribute.id}\0${optional}\0${inherited ?? ''}\0${narrowed}`;
    let text = other.get(key);
    if (text === undefined) other.set(key, (text = memberText(effective, optional, inherited)));
    return text;
  }
}

function memberText(effective: EffectiveAttribute, optional: boolean, inherited: string | null): string {
  const doc = docLine(attributeDoc(effective, inherited), '  ');
  const member = `  readonly ${propertyKey(effective.attribute.name)}${optional ? '?' : ''}: ${attributeType(effective)};`;
  return doc ? `${doc}\n${member}` : member;
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
  // Plain lists, not sets: an attribute rarely comes from more than a few views.
  let views: string[] | undefined;
  let maps: string[] | undefined;
  for (const source of sources) {
    if (source.layer === 'event') return null;
    if (source.layer === 'view' && source.name) (views ??= []).push(`"${source.name}"`);
    else if (source.layer === 'map' && source.name) (maps ??= []).push(`"${source.name}"`);
  }
  if (views) return `Inherited from ${namesText(views, 'view', 'views')}.`;
  if (maps) return `Inherited from ${namesText(maps, 'map', 'maps')}.`;
  return null;
}

/** `view "A"`, or `views "A", "B"` sorted and each once. */
function namesText(quoted: string[], one: string, several: string): string {
  if (quoted.length === 1) return `${one} ${quoted[0]}`;
  const distinct = [...new Set(quoted)].sort();
  return `${distinct.length > 1 ? several : one} ${distinct.join(', ')}`;
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
