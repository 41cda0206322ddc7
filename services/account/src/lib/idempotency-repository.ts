import type { Queryable } from '@tracemap/service-kit';

export interface StoredResponse {
  requestHash: string;
  response: unknown;
}

/** Locks the key for this transaction, so a concurrent replay waits and then sees the stored answer. */
export async function findStoredResponse(db: Queryable, scope: string, key: string): Promise<StoredResponse | null> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`idem:${scope}:${key}`]);
  const { rows } = await db.query<{ request_hash: string; response: unknown }>(
    `SELECT request_hash, response FROM account.idempotency_keys WHERE scope = $1 AND key = $2`,
    [scope, key],
  );
  return rows[0] ? { requestHash: rows[0].request_hash, response: rows[0].response } : null;
}

export async function storeResponse(
  db: Queryable,
  scope: string,
  key: string,
  requestHash: string,
  response: unknown,
): Promise<void> {
  await db.query(`INSERT INTO account.idempotency_keys (scope, key, request_hash, response) VALUES ($1, $2, $3, $4)`, [
    scope,
    key,
    requestHash,
    JSON.stringify(response),
  ]);
}
