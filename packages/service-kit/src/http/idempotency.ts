import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { AppError } from '../errors';

export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used with a different request.';
export const IDEMPOTENCY_IN_PROGRESS =
  'A request with this Idempotency-Key is still being handled. Try again in a moment.';

/** The request's Idempotency-Key, when it sent exactly one. */
export function idempotencyKeyOf(request: { headers: IncomingHttpHeaders }): string | undefined {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' ? key : undefined;
}

/** JSON with object keys sorted, so equal bodies hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What a stored key remembers of its request: a replay must hash the same to get the stored answer. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/** 422: the key was first used with another request. */
export function idempotencyKeyReused(): AppError {
  return new AppError(422, 'idempotency_key_reused', IDEMPOTENCY_KEY_REUSED);
}

/** 409: the first request with this key has not answered yet. */
export function idempotencyInProgress(): AppError {
  return new AppError(409, 'idempotency_in_progress', IDEMPOTENCY_IN_PROGRESS);
}
