import { invalidParam, missingParam } from './stripe-error';
import type { FormObject, FormValue } from './form-encoding';

/** Reading typed values out of decoded form parameters, with the provider's errors. */
export function str(params: FormObject, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParam(name, `Invalid string: ${name}`);
  return value;
}

export function requiredStr(params: FormObject, name: string): string {
  const value = str(params, name);
  if (value === undefined || value === '') throw missingParam(name);
  return value;
}

export function int(params: FormObject, name: string): number | undefined {
  const value = str(params, name);
  if (value === undefined || value === '') return undefined;
  if (!/^-?\d{1,15}$/.test(value)) throw invalidParam(name, `Invalid integer: ${value}`);
  return Number(value);
}

export function bool(params: FormObject, name: string): boolean | undefined {
  const value = str(params, name);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalidParam(name, `Invalid boolean: ${value}`);
  return value === 'true';
}

export function obj(params: FormObject, name: string): FormObject | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParam(name, `Invalid object: ${name}`);
  return value;
}

export function list(params: FormObject, name: string): FormValue[] {
  const value = params[name];
  if (value === undefined || value === '') return [];
  if (Array.isArray(value)) return value;
  // Positions that do not start at 0 or have gaps decode as an object with numeric keys.
  if (typeof value === 'object' && Object.keys(value).every((k) => /^\d+$/.test(k))) {
    return Object.keys(value)
      .sort((a, b) => Number(a) - Number(b))
      .map((k) => value[k]);
  }
  throw invalidParam(name, `Invalid array: ${name}`);
}

/** Metadata: string values only; an empty string deletes a key on update. */
export function metadata(params: FormObject, name = 'metadata'): Record<string, string> | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (value === '') return {};
  if (typeof value !== 'object') throw invalidParam(name, 'Invalid metadata');
  // Keys 0..n-1 decode as a list; as metadata they are keys like any other.
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  const out: Record<string, string> = {};
  for (const [k, v] of entries) {
    if (typeof v !== 'string') throw invalidParam(`${name}[${k}]`, 'Metadata values must be strings');
    if (k.length > 40 || v.length > 500)
      throw invalidParam(`${name}[${k}]`, 'Metadata keys are at most 40 and values at most 500 characters');
    out[k] = v;
  }
  return out;
}

export function mergeMetadata(
  current: Record<string, string>,
  update: Record<string, string> | undefined,
): Record<string, string> {
  if (update === undefined) return current;
  if (Object.keys(update).length === 0) return {};
  const next = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === '') delete next[k];
    else next[k] = v;
  }
  return next;
}

export function expandList(params: FormObject): string[] {
  return list(params, 'expand').filter((v): v is string => typeof v === 'string');
}
