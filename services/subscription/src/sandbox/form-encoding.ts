/**
 * The provider's wire format: `a[b][0][c]=v` pairs, as the SDK writes them for
 * bodies and query strings. Keys made only of digits become array positions;
 * `a[]` appends.
 */
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

// Keys that would reach Object.prototype are dropped.
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);

export function decodeForm(text: string): FormObject {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = splitKey(key);
    if (!parts || parts.some((p) => UNSAFE.has(p))) continue;
    let node: Record<string, unknown> | unknown[] = root;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      const last = i === parts.length - 1;
      const nextIsIndex = !last && (parts[i + 1] === '' || /^\d+$/.test(parts[i + 1]));
      if (Array.isArray(node)) {
        const index = part === '' ? node.length : Number(part);
        if (!Number.isInteger(index) || index > 1000) break;
        if (last) node[index] = value;
        else node = (node[index] ??= nextIsIndex ? [] : {}) as Record<string, unknown> | unknown[];
      } else {
        if (last) node[part] = value;
        else node = (node[part] ??= nextIsIndex ? [] : {}) as Record<string, unknown> | unknown[];
      }
      if (typeof node !== 'object' || node === null) break;
    }
  }
  return compact(root) as FormObject;
}

// Sparse positions (items[2] without items[1]) are closed up, as the provider does.
function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
  }
  return value;
}

export function queryOf(url: string): FormObject {
  const at = url.indexOf('?');
  return at < 0 ? {} : decodeForm(url.slice(at + 1));
}
