import {
  idempotencyInProgress,
  idempotencyKeyReused,
  requestHash as hashOf,
  withTransaction,
} from '@tracemap/service-kit';
import type pg from 'pg';
import { findStoredResponse, storeResponse } from './idempotency-repository';

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
  const requestHash = hashOf(idempotency.body);
  return withTransaction(pool, async (client) => {
    const stored = await findStoredResponse(client, idempotency.scope, key);
    if (stored) {
      if (stored.requestHash !== requestHash) throw idempotencyKeyReused();
      return stored.response as T;
    }
    const result = await work(client);
    await storeResponse(client, idempotency.scope, key, requestHash, result);
    return result;
  });
}

/** A claim this old whose work never answered (its process died) may be taken over. */
const ABANDONED_AFTER = '2 minutes';

/**
 * Runs work that calls other services (which cannot join our transaction) at most once per
 * Idempotency-Key, without holding a transaction while it runs: the key is claimed first,
 * the answer stored after. A replay gets the stored answer; one that arrives while the first
 * is still running gets 409; if the work fails the claim is dropped so the request can be
 * sent again.
 */
export async function runIdempotentCall<T>(
  pool: pg.Pool,
  idempotency: { key?: string; scope: string; body: unknown },
  work: () => Promise<T>,
): Promise<T> {
  const { key, scope } = idempotency;
  if (!key) return work();
  const requestHash = hashOf(idempotency.body);
  const claimed = await pool.query(
    `INSERT INTO account.idempotency_keys (scope, key, request_hash, response) VALUES ($1, $2, $3, NULL)
     ON CONFLICT (scope, key) DO UPDATE SET created_at = now(), request_hash = EXCLUDED.request_hash
       WHERE account.idempotency_keys.response IS NULL AND account.idempotency_keys.created_at < now() - interval '${ABANDONED_AFTER}'
     RETURNING 1`,
    [scope, key, requestHash],
  );
  if (claimed.rowCount === 0) {
    const stored = await findStoredResponse(pool, scope, key);
    if (stored && stored.requestHash !== requestHash) throw idempotencyKeyReused();
    if (!stored || stored.response === null) throw idempotencyInProgress();
    return stored.response as T;
  }
  try {
    const result = await work();
    await pool.query(`UPDATE account.idempotency_keys SET response = $3 WHERE scope = $1 AND key = $2`, [
      scope,
      key,
      JSON.stringify(result),
    ]);
    return result;
  } catch (error) {
    await pool.query(`DELETE FROM account.idempotency_keys WHERE scope = $1 AND key = $2 AND response IS NULL`, [
      scope,
      key,
    ]);
    throw error;
  }
}
