import type { NameCase } from '@tracemap/contracts';

/**
 * Name folding and naming conventions. Two names are "the same" when they fold
 * to the same string, so `order_id`, `orderId`, `Order ID` and `order-id` can
 * never coexist in one scope.
 */
const SEPARATORS = /[\s_.-]+/g;

/** Lowercase with separators (`_`, `-`, `.`, blanks) removed. */
export function foldName(name: string): string {
  return name.toLowerCase().replace(SEPARATORS, '');
}

// An upper-case run not followed by lower case (an acronym, "ID"), a word with
// at most one leading capital, or a bare number. Digits stay on their word.
const WORD = /\p{Lu}+(?!\p{Ll})\p{N}*|\p{Lu}?\p{Ll}[\p{Ll}\p{N}]*|\p{N}+/gu;

/** Words of a name, split on separators and camel humps: `orderID` → `order`, `ID`. */
export function splitWords(name: string): string[] {
  return name.match(WORD) ?? [];
}

const CASE_PATTERNS: Record<Exclude<NameCase, 'any'>, RegExp> = {
  snake_case: /^\p{Ll}[\p{Ll}\p{N}]*(_[\p{Ll}\p{N}]+)*$/u,
  camelCase: /^\p{Ll}[\p{L}\p{N}]*$/u,
  PascalCase: /^\p{Lu}[\p{L}\p{N}]*$/u,
  'Title Case': /^[\p{Lu}\p{N}][\p{L}\p{N}]*( [\p{Lu}\p{N}][\p{L}\p{N}]*)*$/u,
};

export function matchesNameCase(name: string, nameCase: NameCase): boolean {
  if (nameCase === 'any') return true;
  return CASE_PATTERNS[nameCase].test(name);
}

const isAcronym = (word: string) => word.length > 1 && word === word.toUpperCase() && word !== word.toLowerCase();
const capitalise = (word: string, keepAcronym: boolean) =>
  word.charAt(0).toUpperCase() + (keepAcronym && isAcronym(word) ? word.slice(1) : word.slice(1).toLowerCase());

/** The name rewritten in a naming case; 'any' leaves it as it is. */
export function toNameCase(name: string, nameCase: NameCase): string {
  if (nameCase === 'any') return name;
  const words = splitWords(name);
  if (words.length === 0) return name;
  switch (nameCase) {
    case 'snake_case':
      return words.map((w) => w.toLowerCase()).join('_');
    case 'camelCase':
      return words.map((w, i) => (i === 0 ? w.toLowerCase() : capitalise(w, false))).join('');
    case 'PascalCase':
      return words.map((w) => capitalise(w, false)).join('');
    case 'Title Case':
      // Title Case is read by people, so "Order ID" keeps its acronym.
      return words.map((w) => capitalise(w, true)).join(' ');
  }
}

/**
 * Edits between two names are only meaningful when the names are long enough:
 * `id` and `ip` are one edit apart and plainly different things.
 */
export const SIMILAR_NAME_MIN_LENGTH = 4;

/**
 * Different folded names that are one edit (insert, delete, replace, or swap of
 * two neighbours) apart, or differ only by a plural `s`/`es`. Equal folded names
 * are not "similar": they are the same name.
 */
export function similarNames(a: string, b: string): boolean {
  return similarFoldedNames(foldName(a), foldName(b));
}

/** `similarNames` for names already folded. */
export function similarFoldedNames(x: string, y: string): boolean {
  if (x === y) return false;
  if (isPluralOf(x, y) || isPluralOf(y, x)) return true;
  if (Math.min(x.length, y.length) < SIMILAR_NAME_MIN_LENGTH) return false;
  return withinOneEdit(x, y);
}

function isPluralOf(plural: string, singular: string): boolean {
  return singular.length > 0 && (plural === `${singular}s` || plural === `${singular}es`);
}

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';

/**
 * One edit apart, where the edit is not about digits: `address_line_1` and
 * `address_line_2` are siblings, not typos.
 */
function withinOneEdit(x: string, y: string): boolean {
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  if (x.length === y.length) {
    if (isDigit(x[i]) || isDigit(y[i])) return false;
    if (x.slice(i + 1) === y.slice(i + 1)) return true; // one replacement
    // neighbours swapped: "recieved" / "received"
    return x[i] === y[i + 1] && x[i + 1] === y[i] && x.slice(i + 2) === y.slice(i + 2);
  }
  const [longer, shorter] = x.length > y.length ? [x, y] : [y, x];
  if (isDigit(longer[i])) return false;
  return longer.slice(i + 1) === shorter.slice(i);
}
