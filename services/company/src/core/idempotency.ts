import {
  idempotencyInProgress,
  idempotencyKeyReused,
  requestHash as hashOf,
  type Queryable,
} from '@tracemap/service-kit';
import { claimKey, findKey, storeResponse } from './idempotency-repository';

export interface Outcome<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

/**
 * Runs a creating request at most once per (user, Idempotency-Key), inside
 * the caller's transaction: the stored response commits or rolls back with
 * the change itself, so a failed attempt leaves the key free to retry.
 */
export async function runIdempotent<T>(
  db: Queryable,
  request: { userId: string; key: string | undefined; route: string; body: unknown },
  work: () => Promise<{ statusCode: number; body: T }>,
): Promise<Outcome<T>> {
  if (!request.key) return { ...(await work()), replayed: false };
  const requestHash = hashOf(request.body);
  if (await claimKey(db, request.userId, request.key, request.route, requestHash)) {
    const result = await work();
    await storeResponse(db, request.userId, request.key, result.statusCode, result.body);
    return { ...result, replayed: false };
  }
  const stored = await findKey(db, request.userId, request.key);
  if (!stored || stored.route !== request.route || stored.requestHash !== requestHash) {
    throw idempotencyKeyReused();
  }
  if (stored.statusCode === null) throw idempotencyInProgress();
  return { statusCode: stored.statusCode, body: stored.response as T, replayed: true };
}

// The header schema is the contracts' one, shared with the account service.
export { IdempotencyHeaders as IdempotencyKeyHeaders } from '@tracemap/contracts';
