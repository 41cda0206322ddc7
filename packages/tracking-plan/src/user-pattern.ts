import { RE2JS, RE2JSSyntaxException } from 're2js';

/**
 * Patterns people write into a plan (an attribute's regex validation, an
 * override on a link) are run with RE2, whose time grows linearly with the
 * input: a backtracking engine can spend minutes on `(a+)+$` and would hold
 * the service's only thread (or the browser tab) meanwhile.
 *
 * A pattern is stored as the ECMAScript text JSON Schema carries, so it must
 * also be one the destinations' JavaScript-like engines read; RE2 then has to
 * be able to express it, which rules out backreferences and lookaround.
 * Matching is a search, as JSON Schema's `pattern` is: `^`/`$` anchor it.
 */
export type UserPattern = { ok: true; test(value: string): boolean } | { ok: false; error: string };

export const USER_PATTERN_CACHE_LIMIT = 500;
const cache = new Map<string, UserPattern>();

/** The pattern compiled once; recently used ones are kept, the least recently used dropped first. */
export function compileUserPattern(pattern: string): UserPattern {
  const cached = cache.get(pattern);
  if (cached) {
    cache.delete(pattern);
    cache.set(pattern, cached);
    return cached;
  }
  const compiled = compile(pattern);
  if (cache.size >= USER_PATTERN_CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(pattern, compiled);
  return compiled;
}

/** A sentence naming the pattern and why it cannot be used, or null. */
export function userPatternError(pattern: string): string | null {
  const compiled = compileUserPattern(pattern);
  return compiled.ok ? null : compiled.error;
}

/** Whether the value matches; a pattern that cannot be used matches nothing. */
export function matchesUserPattern(pattern: string, value: string): boolean {
  const compiled = compileUserPattern(pattern);
  return compiled.ok && compiled.test(value);
}

export function userPatternCacheSize(): number {
  return cache.size;
}

function compile(pattern: string): UserPattern {
  const construct = unsupportedConstruct(pattern);
  if (construct)
    return { ok: false, error: `The pattern "${pattern}" uses ${construct}, which RE2 syntax does not support.` };
  const jsError = ecmaScriptSyntaxError(pattern);
  if (jsError) return { ok: false, error: `The pattern "${pattern}" does not compile: ${jsError}.` };
  try {
    const re2 = RE2JS.compile(RE2JS.translateRegExp(pattern));
    return { ok: true, test: (value) => re2.test(value) };
  } catch (error) {
    const reason =
      error instanceof RE2JSSyntaxException
        ? [error.getDescription(), error.getPattern()].filter(Boolean).join(' ')
        : error instanceof Error
          ? error.message
          : String(error);
    return { ok: false, error: `The pattern "${pattern}" uses syntax RE2 does not support: ${reason}.` };
  }
}

/**
 * Found before RE2 reads the pattern: the translation from JavaScript spelling
 * would otherwise turn `\k<name>` into the letter k. Escapes and character
 * classes can neither refer back nor open a group, so they are read past.
 */
function unsupportedConstruct(pattern: string): 'a backreference' | 'lookaround' | null {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (!inClass && ((next >= '1' && next <= '9') || (next === 'k' && pattern[i + 2] === '<')))
        return 'a backreference';
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
    } else if (c === '(' && pattern[i + 1] === '?') {
      const kind = pattern[i + 2] === '<' ? pattern[i + 3] : pattern[i + 2];
      if (kind === '=' || kind === '!') return 'lookaround';
    }
  }
  return null;
}

/**
 * Destinations validate with their own JavaScript-like engines, so the text
 * must be valid there too. Building the object only parses the pattern; it is
 * never run here.
 */
function ecmaScriptSyntaxError(pattern: string): string | null {
  try {
    new RegExp(pattern);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : String(error);
  }
}
