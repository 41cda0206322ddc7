import { foldName, splitWords } from '../names';

/**
 * Identifiers for generated code. Names in a plan are free text (any script,
 * blanks, punctuation, reserved words), so an identifier keeps only letters and
 * digits every TypeScript version accepts, and clashes get a numbered suffix in
 * a fixed order so a rerun gives the same names.
 */

// Basic multilingual plane letters and digits only: compilers' Unicode tables
// lag behind the runtime's, and astral letters are where new ones are added.
const CHUNK = /[\p{L}\p{Nd}\p{Mn}\p{Mc}]+/gu;
const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$]*$/u;
const IDENTIFIER_PART = /[\p{ID_Continue}$]/u;

/** Words of a name for identifiers: camel humps where the script has case, whole runs where it has not. */
function identifierWords(name: string): string[] {
  const words: string[] = [];
  for (const chunk of name.match(CHUNK) ?? []) {
    const bmp = [...chunk].filter((char) => char.codePointAt(0)! < 0x10000).join('');
    if (!bmp) continue;
    const split = splitWords(bmp);
    // Scripts without case (CJK, Arabic…) are not matched by the word pattern: keep the run whole.
    words.push(...(split.join('') === bmp ? split : [bmp]));
  }
  return words;
}

const upperFirst = (word: string) => {
  const [first, ...rest] = [...word];
  return first.toUpperCase() + rest.join('').toLowerCase();
};

const IDENTIFIER_START = /^[\p{ID_Start}$_]/u;

/**
 * `Order Completed` → `OrderCompleted`; a name with no usable letter gives
 * `fallback`, one that starts with a digit (of any script) gets `_` in front.
 */
export function pascalIdentifier(name: string, fallback: string): string {
  const joined = [...identifierWords(name).map(upperFirst).join('')].filter((c) => IDENTIFIER_PART.test(c)).join('');
  if (!joined) return fallback;
  return IDENTIFIER_START.test(joined) ? joined : `_${joined}`;
}

/** A prefix and a Pascal identifier: `track` + `_1StVisit` → `track1StVisit` (the `_` only kept it valid alone). */
export const prefixed = (prefix: string, pascal: string) => `${prefix}${pascal.replace(/^_/, '')}`;

/** `Checkout Payment` → `checkoutPayment`; a leading digit gets `_` in front. */
export function camelIdentifier(name: string, fallback: string): string {
  const pascal = pascalIdentifier(name, fallback);
  const [first, ...rest] = [...pascal];
  const camel = first.toLowerCase() + rest.join('');
  return IDENTIFIER.test(camel) ? camel : `_${camel}`;
}

export const isIdentifier = (text: string) => IDENTIFIER.test(text) && !RESERVED.has(text);

/** Words that may not name a binding in strict-mode modules, plus names with meaning to objects. */
export const RESERVED = new Set([
  'arguments',
  'await',
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'eval',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'implements',
  'import',
  'in',
  'instanceof',
  'interface',
  'let',
  'new',
  'null',
  'package',
  'private',
  'protected',
  'public',
  'return',
  'static',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'yield',
  'constructor',
  'prototype',
]);

/**
 * One identifier per item, unique in its namespace. Items are taken in the
 * order given (callers sort them), the first keeps its base name and the
 * others count up from 2, skipping any name another item has as its base.
 */
export function uniqueIdentifiers<T>(items: readonly T[], base: (item: T) => string): string[] {
  const bases = items.map((item) => {
    const candidate = base(item);
    return RESERVED.has(candidate) ? `${candidate}_` : candidate;
  });
  const claimed = new Set(bases);
  const given = new Set<string>();
  return bases.map((candidate) => {
    if (!given.has(candidate)) {
      given.add(candidate);
      return candidate;
    }
    let n = 2;
    while (claimed.has(`${candidate}${n}`) || given.has(`${candidate}${n}`)) n++;
    given.add(`${candidate}${n}`);
    return `${candidate}${n}`;
  });
}

/** A single-quoted string literal: JSON's escapes are JavaScript's too. */
export function quote(text: string): string {
  return `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

/** A property key as source text: bare when it is a plain identifier, quoted otherwise. */
export function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) && name !== '__proto__' ? name : quote(name);
}

/** Sorting key shared by every generated list: folded name, then exact name, then id. */
export function byName<T extends { name: string; id: string }>(items: readonly T[]): T[] {
  return items
    .map((item) => ({ item, folded: foldName(item.name) }))
    .sort((a, b) => compare(a.folded, b.folded) || compare(a.item.name, b.item.name) || compare(a.item.id, b.item.id))
    .map(({ item }) => item);
}
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
