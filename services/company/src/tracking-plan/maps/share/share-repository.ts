import type pg from 'pg';
import type { Queryable } from '@tracemap/service-kit';
import { tenantRead } from '../../../core/tenant';
import { iso } from '../../shared/list-query';

export interface StoredShare {
  createdAt: string;
}

export async function findShare(db: Queryable, companyId: string, mapId: string): Promise<StoredShare | null> {
  const { rows } = await db.query<{ createdAt: unknown }>(
    `SELECT created_at AS "createdAt" FROM company.map_shares WHERE company_id = $1 AND map_id = $2`,
    [companyId, mapId],
  );
  return rows[0] ? { createdAt: iso(rows[0].createdAt) } : null;
}

/** One live link per map: a new token replaces the previous one, which stops working. */
export async function storeShare(
  db: Queryable,
  share: { companyId: string; mapId: string; tokenHash: Buffer; userId: string },
): Promise<StoredShare> {
  const { rows } = await db.query<{ createdAt: unknown }>(
    `INSERT INTO company.map_shares (company_id, map_id, token_hash, created_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (company_id, map_id) DO UPDATE SET token_hash = excluded.token_hash, created_by = excluded.created_by, created_at = now()
     RETURNING created_at AS "createdAt"`,
    [share.companyId, share.mapId, share.tokenHash, share.userId],
  );
  return { createdAt: iso(rows[0].createdAt) };
}

/** True when there was a link to remove. */
export async function removeShare(db: Queryable, companyId: string, mapId: string): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM company.map_shares WHERE company_id = $1 AND map_id = $2`, [
    companyId,
    mapId,
  ]);
  return (rowCount ?? 0) > 0;
}

// The three lookups below run before any tenant is known, through the
// database functions that may look across companies for exactly this.

/** The company of a shared map whose live link has this token hash. */
export async function companyOfSharedMap(db: Queryable, mapId: string, tokenHash: Buffer): Promise<string | null> {
  const { rows } = await db.query<{ companyId: string | null }>(
    `SELECT company.map_share_company($1, $2) AS "companyId"`,
    [mapId, tokenHash],
  );
  return rows[0]?.companyId ?? null;
}

/** The company of a map among those of the user (one round trip, the user named for it alone). */
export async function companyOfMemberMap(pool: pg.Pool, userId: string, mapId: string): Promise<string | null> {
  const rows = await tenantRead<{ companyId: string | null }>(
    pool,
    { userId },
    `SELECT company.map_company_for_member($1) AS "companyId"`,
    [mapId],
  );
  return rows[0]?.companyId ?? null;
}

/** The origins the map's company lets frame its previews; null when the map is unknown. */
export async function mapEmbedOrigins(db: Queryable, mapId: string): Promise<string[] | null> {
  const { rows } = await db.query<{ origins: unknown }>(`SELECT company.map_embed_origins($1) AS origins`, [mapId]);
  const origins = rows[0]?.origins;
  return Array.isArray(origins) ? origins.filter((o): o is string => typeof o === 'string') : null;
}

/** The map's version, the row locked so links of one map change one at a time; null when there is no such map. */
export async function lockMapVersion(db: Queryable, companyId: string, mapId: string): Promise<number | null> {
  const { rows } = await db.query<{ version: number }>(
    `SELECT version FROM company.maps WHERE company_id = $1 AND id = $2 FOR UPDATE`,
    [companyId, mapId],
  );
  return rows[0]?.version ?? null;
}

export async function mapExists(db: Queryable, companyId: string, mapId: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM company.maps WHERE company_id = $1 AND id = $2`, [companyId, mapId]);
  return rows.length > 0;
}
