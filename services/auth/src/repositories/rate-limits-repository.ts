import type { Queryable } from '@tracemap/service-kit';

export interface BucketResult {
  allowed: boolean;
  tokens: number;
}

const REFILLED = `LEAST($2::float8, r.tokens + EXTRACT(EPOCH FROM statement_timestamp() - r.updated_at)::float8 * $2::float8 / $3::float8)`;

/**
 * Takes one token from the bucket `key` (capacity tokens, refilled evenly
 * over windowSeconds) in a single statement, so concurrent requests and
 * replicas cannot both take the last token.
 */
export async function takeToken(
  db: Queryable,
  key: string,
  capacity: number,
  windowSeconds: number,
): Promise<BucketResult> {
  const { rows } = await db.query<{ tokens: number; last_allowed: boolean }>(
    `INSERT INTO auth.rate_limits AS r (key, tokens, last_allowed, updated_at)
     VALUES ($1, $2::float8 - 1, true, statement_timestamp())
     ON CONFLICT (key) DO UPDATE SET
       tokens = CASE WHEN ${REFILLED} >= 1 THEN ${REFILLED} - 1 ELSE ${REFILLED} END,
       last_allowed = ${REFILLED} >= 1,
       updated_at = statement_timestamp()
     RETURNING tokens, last_allowed`,
    [key, capacity, windowSeconds],
  );
  return { allowed: rows[0].last_allowed, tokens: Number(rows[0].tokens) };
}

export async function deleteIdleBuckets(db: Queryable, olderThanSeconds: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM auth.rate_limits WHERE updated_at < statement_timestamp() - make_interval(secs => $1)`,
    [olderThanSeconds],
  );
  return rowCount ?? 0;
}
