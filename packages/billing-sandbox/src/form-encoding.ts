/** The provider's wire format: `a[b][0][c]=v` pairs, as the SDK writes them for bodies and query strings. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const MAX_DEPTH = 8;

function splitKey(key: string): string[] | null {
  const first = /^([^[\]]+)/.exec(key);
  if (!first) return null;
  const parts = [first[1]];
  let rest = key.slice(first[1].length);
  while (rest.length > 0) {
    const m = /^\[([^[\]]*)\]/.exec(rest);
    if (!m) return null;
    parts.push(m[1]);
    rest = rest.slice(m[0].length);
  }
  return parts.length > MAX_DEPTH ? null : parts;
}

// Built on objects without a prototype, so no key (`constructor`, `toString`)
// can lead into inherited properties; `__proto__` is dropped outright.
const UNSAFE = '__proto__';
type Node = Record<string, unknown>;
const bare = () => Object.create(null) as Node;

/**
 * Containers are decoded as objects first; one whose keys are exactly 0..n-1
 * becomes an array (`items[0][price]`), any other stays an object (so a
 * metadata key "5" is kept as a key). `a[]` takes the next position.
 */
export function decodeForm(text: string): FormObject {
  const root = bare();
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = splitKey(key);
    if (!parts || parts.includes(UNSAFE)) continue;
    let node = root;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] === '' ? String(Object.keys(node).length) : parts[i];
      if (i === parts.length - 1) {
        node[part] = value;
        break;
      }
      const next = node[part];
      if (typeof next === 'string') break;
      node = (next as Node | undefined) ?? (node[part] = bare());
    }
  }
  return finish(root) as FormObject;
}

function finish(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, finish((value as Node)[k])] as const);
  const isList = keys.length > 0 && keys.every((k, i) => k === String(i));
  return isList ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

export function queryOf(url: string): FormObject {
  const at = url.indexOf('?');
  return at < 0 ? {} : decodeForm(url.slice(at + 1));
}
