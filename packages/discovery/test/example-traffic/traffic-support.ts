import type { Attribute, PlanSnapshot, Validation } from '@tracemap/contracts';
import { adaptRecord, generateExampleTraffic, type ObservedEvent, type SourceFormat } from '../../src';

/** Every observed event of a run of example traffic, adapted back through the format's adapter. */
export function observe(format: SourceFormat, seed: number, events: number, plan?: PlanSnapshot) {
  const observed: ObservedEvent[] = [];
  const errors: string[] = [];
  let records = 0;
  for (const record of generateExampleTraffic({ seed, events, format, plan })) {
    records += 1;
    const result = adaptRecord(format, JSON.parse(JSON.stringify(record)), 'example');
    if (result.error) errors.push(result.error);
    observed.push(...result.events);
  }
  return { observed, errors, records };
}

export function share(events: ObservedEvent[], predicate: (event: ObservedEvent) => boolean): number {
  return events.length === 0 ? Number.NaN : events.filter(predicate).length / events.length;
}

/** Whether a value fits an attribute's type and a validation, as discovery should judge it. */
export function fits(attribute: Attribute, validation: Validation, value: unknown): boolean {
  switch (attribute.type) {
    case 'integer':
      if (!Number.isInteger(value)) return false;
      break;
    case 'number':
      if (typeof value !== 'number') return false;
      break;
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value));
    default:
      if (typeof value !== 'string') return false;
  }
  switch (validation.kind) {
    case 'enum':
      return (validation.values ?? []).includes(value as string);
    case 'const':
      return value === validation.const;
    case 'regex':
      return new RegExp(validation.pattern ?? '').test(value as string);
    case 'range':
      return (value as number) >= (validation.min ?? -Infinity) && (value as number) <= (validation.max ?? Infinity);
    case 'length': {
      const length = (value as string).length;
      return length >= (validation.minLength ?? 0) && length <= (validation.maxLength ?? Infinity);
    }
    case 'format':
      if (validation.format === 'uuid') return /^[0-9a-f-]{36}$/i.test(value as string);
      if (validation.format === 'uri') return /^https?:\/\//.test(value as string);
      return true;
    default:
      return true;
  }
}
