import type { Queryable } from '@tracemap/service-kit';

export interface StoredResponse {
  route: string;
  requestHash: string;
  statusCode: number | null;
  response: unknown;
}

/** Keys are kept for a day, like payment providers do; an older key counts as new. */
const RETENTION = `interval '24 hours'`;

/**
 * Claims the key for this request. Under PostgreSQL a concurrent claim of the
 * same key waits on the primary key until the first transaction ends.
 */
export async function claimKey(
  db: Queryable,
  userId: string,
  key: string,
  route: string,
  requestHash: string,
): Promise<boolean> {
  await db.query(
    `DELETE FROM company.idempotency_keys WHERE user_id = $1 AND key = $2 AND created_at < now() - ${RETENTION}`,
    [userId, key],
  );
  const { rows } = await db.query(
    `INSERT INTO company.idempotency_keys (user_id, key, route, request_hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, key) DO NOTHING RETURNING 1`,
    [userId, key, route, requestHash],
  );
  return rows.length === 1;
}

export async function findKey(db: Queryable, userId: string, key: string): Promise<StoredResponse | null> {
  const { rows } = await db.query<StoredResponse>(
    `SELECT route, request_hash AS "requestHash", status_code AS "statusCode", response
       FROM company.idempotency_keys WHERE user_id = $1 AND key = $2`,
    [userId, key],
  );
  return rows[0] ?? null;
}

export async function storeResponse(
  db: Queryable,
  userId: string,
  key: string,
  statusCode: number,
  response: unknown,
): Promise<void> {
  await db.query(
    `UPDATE company.idempotency_keys SET status_code = $3, response = $4 WHERE user_id = $1 AND key = $2`,
    [userId, key, statusCode, JSON.stringify(response)],
  );
}
