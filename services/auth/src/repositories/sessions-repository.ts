import { randomUUID } from 'node:crypto';
import type { Queryable } from '@tracemap/service-kit';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface SessionRow {
  id: string;
  user_id: string;
  aal: 'aal1' | 'aal2';
  amr: AmrEntry[];
  factor_id: string | null;
  not_after: Date;
  created_at: Date;
}

export interface RefreshTokenRow {
  id: string;
  session_id: string;
  user_id: string;
  parent_id: string | null;
  revoked: boolean;
  updated_at: Date;
}

const SESSION_COLUMNS = 'id, user_id, aal, amr, factor_id, not_after, created_at';

export async function insertSession(
  db: Queryable,
  session: { userId: string; amr: AmrEntry[]; lifetimeSeconds: number; userAgent?: string; ip?: string },
): Promise<SessionRow> {
  const { rows } = await db.query<SessionRow>(
    `INSERT INTO auth.sessions (id, user_id, amr, not_after, user_agent, ip)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5, $6) RETURNING ${SESSION_COLUMNS}`,
    [
      randomUUID(),
      session.userId,
      JSON.stringify(session.amr),
      session.lifetimeSeconds,
      session.userAgent ?? null,
      session.ip ?? null,
    ],
  );
  return rows[0];
}

export async function findSession(db: Queryable, id: string, forUpdate = false): Promise<SessionRow | null> {
  const { rows } = await db.query<SessionRow>(
    `SELECT ${SESSION_COLUMNS} FROM auth.sessions WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function isSessionActive(db: Queryable, id: string, userId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM auth.sessions WHERE id = $1 AND user_id = $2 AND not_after > now()', [
    id,
    userId,
  ]);
  return rows.length > 0;
}

export async function raiseSessionToAal2(
  db: Queryable,
  id: string,
  factorId: string,
  amr: AmrEntry[],
): Promise<SessionRow> {
  const { rows } = await db.query<SessionRow>(
    `UPDATE auth.sessions SET aal = 'aal2', factor_id = $2, amr = $3, updated_at = now() WHERE id = $1 RETURNING ${SESSION_COLUMNS}`,
    [id, factorId, JSON.stringify(amr)],
  );
  return rows[0];
}

export async function touchSession(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE auth.sessions SET refreshed_at = now(), updated_at = now() WHERE id = $1', [id]);
}

export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM auth.sessions WHERE id = $1', [id]);
}

export async function deleteUserSessions(
  db: Queryable,
  userId: string,
  options: { except?: string; onlyAal1?: boolean } = {},
): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM auth.sessions WHERE user_id = $1 AND ($2::uuid IS NULL OR id <> $2) AND (NOT $3 OR aal = 'aal1')`,
    [userId, options.except ?? null, options.onlyAal1 ?? false],
  );
  return rowCount ?? 0;
}

export async function insertRefreshToken(
  db: Queryable,
  token: { id: string; tokenHash: string; sessionId: string; userId: string; parentId?: string | null },
): Promise<void> {
  const { id } = token;
  await db.query(
    `INSERT INTO auth.refresh_tokens (id, token_hash, session_id, user_id, parent_id) VALUES ($1, $2, $3, $4, $5)`,
    [id, token.tokenHash, token.sessionId, token.userId, token.parentId ?? null],
  );
}

export async function findRefreshToken(db: Queryable, tokenHash: string): Promise<RefreshTokenRow | null> {
  const { rows } = await db.query<RefreshTokenRow>(
    `SELECT id, session_id, user_id, parent_id, revoked, updated_at FROM auth.refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function findActiveRefreshToken(db: Queryable, sessionId: string): Promise<RefreshTokenRow | null> {
  const { rows } = await db.query<RefreshTokenRow>(
    `SELECT id, session_id, user_id, parent_id, revoked, updated_at FROM auth.refresh_tokens
     WHERE session_id = $1 AND NOT revoked ORDER BY created_at DESC LIMIT 1`,
    [sessionId],
  );
  return rows[0] ?? null;
}

export async function revokeRefreshToken(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE auth.refresh_tokens SET revoked = true, updated_at = now() WHERE id = $1', [id]);
}

export async function revokeSessionRefreshTokens(db: Queryable, sessionId: string): Promise<void> {
  await db.query(
    'UPDATE auth.refresh_tokens SET revoked = true, updated_at = now() WHERE session_id = $1 AND NOT revoked',
    [sessionId],
  );
}
