import { foldName } from '@tracemap/tracking-plan';
import { DEPTH_MAX, type ShapeExamples } from './profile-accumulators';
import * as types from './value-types';

const { looksPersonal } = types;
const ENUM_WORD = /^[A-Za-z][A-Za-z_ -]{0,31}$/;

export function keepExample(examples: ShapeExamples, bag: Record<string, unknown>, personalNames: Set<string>): void {
  examples.attempts++;
  const text = JSON.stringify(redact(bag, '', 1, personalNames));
  if (examples.pending.some((e) => JSON.stringify(e) === text)) return;
  examples.pending.push(JSON.parse(text) as Record<string, unknown>);
  examples.kept++;
}

/** A copy of the properties with values replaced by type placeholders, except short non-personal words. */
export function redact(value: unknown, key: string, depth: number, personalNames: Set<string>): unknown {
  const type = types.valueType(value);
  if (type === 'object') {
    if (depth > DEPTH_MAX) return '<object>';
    // Keys are data: a `__proto__` key becomes an own property, never a prototype.
    const out: Record<string, unknown> = Object.create(null);
    const bag = value as Record<string, unknown>;
    for (const k in bag) {
      if (bag[k] === undefined) continue;
      Object.defineProperty(out, k, {
        value: redact(bag[k], k, depth + 1, personalNames),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  if (type === 'array') {
    const items = value as unknown[];
    return depth > DEPTH_MAX || items.length === 0 ? [] : [redact(items[0], key, depth + 1, personalNames)];
  }
  if (type === 'boolean' || type === 'null') return value;
  const personalName = personalNames.size > 0 && personalNames.has(foldName(key));
  if (type === 'string' && !personalName && ENUM_WORD.test(value as string) && !looksPersonal(value as string, type))
    return value;
  return `<${type}>`;
}
