/** `String.prototype.isWellFormed` (Node 20+): false when the string holds half of a surrogate pair. */
const isWellFormed = (value: string): boolean => (value as unknown as { isWellFormed(): boolean }).isWellFormed();

/**
 * Characters a name must not hold: C0 and C1 controls (tabs and newlines
 * included — names end up in email subjects and one-line table cells), line
 * and paragraph separators, and the bidirectional embedding, override and
 * isolate controls that can make a name display as something other than what it is.
 * Such names are refused rather than silently cleaned, so what is stored is
 * exactly what the person typed or nothing at all.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_IN_NAMES = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/**
 * Text PostgreSQL cannot store: a NUL character, or half of a UTF-16
 * surrogate pair (it has no UTF-8 form). Either would reach the database and
 * fail there as a 500, so requests carrying one are refused up front.
 */
export function isStorableText(value: string): boolean {
  return isWellFormed(value) && !value.includes('\u0000');
}

/** Whether any string or key of a JSON value is unstorable. Every request pays for this walk; only a refusal pays for building the path. */
function holdsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const item of value) if (holdsUnstorableText(item)) return true;
    return false;
  }
  for (const key in value) {
    if (!isStorableText(key) || holdsUnstorableText((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

export function isCleanName(value: string): boolean {
  return !NOT_IN_NAMES.test(value);
}

/**
 * Where the first unstorable string (or object key) of a JSON value sits,
 * as a dotted path ('' for the value itself); null when all text is fine.
 */
export function findUnstorableText(value: unknown, path = ''): string | null {
  if (path === '' && !holdsUnstorableText(value)) return null;
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findUnstorableText(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return path;
    const found = findUnstorableText(item, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/** True when every `%` in a URL starts an escape that decodes to valid UTF-8. */
export function hasValidPercentEscapes(url: string): boolean {
  if (!url.includes('%')) return true;
  try {
    decodeURIComponent(url);
    return true;
  } catch {
    return false;
  }
}
