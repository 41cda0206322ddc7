import { randomUUID } from 'node:crypto';
import type { Queryable } from '@tracemap/service-kit';

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp';
  status: 'unverified' | 'verified';
  secret: string;
  last_used_step: string;
  created_at: Date;
  updated_at: Date;
}

export interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: Date;
}

const COLUMNS = 'id, user_id, friendly_name, factor_type, status, secret, last_used_step, created_at, updated_at';

export async function listFactors(db: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(
    `SELECT ${COLUMNS} FROM auth.mfa_factors WHERE user_id = $1 ORDER BY created_at`,
    [userId],
  );
  return rows;
}

export async function findFactor(
  db: Queryable,
  id: string,
  userId: string,
  forUpdate = false,
): Promise<FactorRow | null> {
  const { rows } = await db.query<FactorRow>(
    `SELECT ${COLUMNS} FROM auth.mfa_factors WHERE id = $1 AND user_id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [id, userId],
  );
  return rows[0] ?? null;
}

export async function insertFactor(
  db: Queryable,
  factor: { userId: string; friendlyName: string | null; secret: string },
): Promise<FactorRow> {
  const { rows } = await db.query<FactorRow>(
    `INSERT INTO auth.mfa_factors (id, user_id, friendly_name, factor_type, secret) VALUES ($1, $2, $3, 'totp', $4) RETURNING ${COLUMNS}`,
    [randomUUID(), factor.userId, factor.friendlyName, factor.secret],
  );
  return rows[0];
}

/** Drops enrolments that were started but never verified (GoTrue does the same on a new enrol). */
export async function deleteStaleUnverifiedFactors(
  db: Queryable,
  userId: string,
  olderThanSeconds: number,
): Promise<void> {
  await db.query(
    `DELETE FROM auth.mfa_factors WHERE user_id = $1 AND status = 'unverified' AND created_at < now() - make_interval(secs => $2)`,
    [userId, olderThanSeconds],
  );
}

export async function markFactorUsed(db: Queryable, id: string, step: number): Promise<void> {
  await db.query(
    `UPDATE auth.mfa_factors SET status = 'verified', last_used_step = $2, updated_at = now() WHERE id = $1`,
    [id, step],
  );
}

export async function deleteFactor(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM auth.mfa_factors WHERE id = $1', [id]);
}

export async function insertChallenge(db: Queryable, factorId: string, ip: string): Promise<ChallengeRow> {
  const { rows } = await db.query<ChallengeRow>(
    'INSERT INTO auth.mfa_challenges (id, factor_id, ip) VALUES ($1, $2, $3) RETURNING id, factor_id, created_at',
    [randomUUID(), factorId, ip],
  );
  return rows[0];
}

export async function findChallenge(db: Queryable, id: string, factorId: string): Promise<ChallengeRow | null> {
  const { rows } = await db.query<ChallengeRow>(
    'SELECT id, factor_id, created_at FROM auth.mfa_challenges WHERE id = $1 AND factor_id = $2 FOR UPDATE',
    [id, factorId],
  );
  return rows[0] ?? null;
}

export async function deleteChallenge(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM auth.mfa_challenges WHERE id = $1', [id]);
}

export async function hasVerifiedFactor(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM auth.mfa_factors WHERE user_id = $1 AND status = 'verified' LIMIT 1`, [
    userId,
  ]);
  return rows.length > 0;
}
