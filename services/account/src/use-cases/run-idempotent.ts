import { createHash } from 'node:crypto';
import { AppError, withTransaction } from '@tracemap/service-kit';
import type pg from 'pg';
import { findStoredResponse, storeResponse } from '../repositories/idempotency-repository';

export const KEY_REUSED = 'This Idempotency-Key was already used with a different request.';

/**
 * Runs a create in one transaction. With an Idempotency-Key, a replay of the
 * same request returns the stored answer and writes nothing; the same key
 * with a different body is refused.
 */
export async function runIdempotent<T>(
  pool: pg.Pool,
  idempotency: { key?: string; scope: string; body: unknown },
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const { key } = idempotency;
  if (!key) return withTransaction(pool, work);
  const requestHash = createHash('sha256').update(JSON.stringify(idempotency.body)).digest('hex');
  return withTransaction(pool, async (client) => {
    const stored = await findStoredResponse(client, idempotency.scope, key);
    if (stored) {
      if (stored.requestHash !== requestHash) throw new AppError(422, 'idempotency_key_reused', KEY_REUSED);
      return stored.response as T;
    }
    const result = await work(client);
    await storeResponse(client, idempotency.scope, key, requestHash, result);
    return result;
  });
}
