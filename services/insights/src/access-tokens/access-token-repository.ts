import type pg from 'pg';
import type { AccessToken } from '@tracemap/contracts';
import { roleSettingsStatement, roleTransaction, type Queryable } from '@tracemap/service-kit';
import { APP_ROLE } from '../core/tenant';

// Row security on access_tokens names the user (a user's tokens span their companies),
// so every query here runs in a transaction as the app role with app.user_id set.

/** One transaction as the app role, seeing only the user's own tokens. */
export function asUser<T>(pool: pg.Pool, userId: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return roleTransaction(pool, roleSettingsStatement(APP_ROLE, { 'app.user_id': userId }), work);
}

interface TokenRow {
  id: string;
  name: string;
  company_id: string;
  token_prefix: string;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = 'id, name, company_id, token_prefix, created_at, last_used_at';

const toToken = (row: TokenRow): AccessToken => ({
  id: row.id,
  name: row.name,
  companyId: row.company_id,
  prefix: row.token_prefix,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at ? row.last_used_at.toISOString() : null,
});

export async function insertToken(
  db: pg.ClientBase,
  token: { id: string; userId: string; companyId: string; name: string; hash: string; prefix: string },
): Promise<AccessToken> {
  const { rows } = await db.query<TokenRow>(
    `INSERT INTO insights.access_tokens (id, user_id, company_id, name, token_hash, token_prefix)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [token.id, token.userId, token.companyId, token.name, token.hash, token.prefix],
  );
  return toToken(rows[0]);
}

export async function countTokens(db: pg.ClientBase): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM insights.access_tokens`);
  return rows[0].n;
}

export async function listTokens(db: pg.ClientBase): Promise<AccessToken[]> {
  const { rows } = await db.query<TokenRow>(
    `SELECT ${COLUMNS} FROM insights.access_tokens ORDER BY created_at DESC, id`,
  );
  return rows.map(toToken);
}

/** True when the token was the user's and is gone now. */
export async function deleteToken(db: pg.ClientBase, tokenId: string): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM insights.access_tokens WHERE id = $1`, [tokenId]);
  return (rowCount ?? 0) > 0;
}

export async function touchToken(db: pg.ClientBase, tokenId: string): Promise<void> {
  await db.query(`UPDATE insights.access_tokens SET last_used_at = now() WHERE id = $1`, [tokenId]);
}

export interface TokenHolder {
  tokenId: string;
  userId: string;
  companyId: string;
  lastUsedAt: Date | null;
}

/** Whose token a hash is, across users (migration 022's function); null for an unknown or revoked one. */
export async function tokenByHash(db: Queryable, hash: string): Promise<TokenHolder | null> {
  const { rows } = await db.query<TokenHolder>(
    `SELECT token_id AS "tokenId", user_id AS "userId", company_id AS "companyId", last_used_at AS "lastUsedAt"
       FROM insights.access_token_by_hash($1)`,
    [hash],
  );
  return rows[0] ?? null;
}
