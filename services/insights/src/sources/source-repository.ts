import type { Queryable } from '@tracemap/service-kit';
import type { Source } from '@tracemap/contracts';

const utc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// Never the key hash nor the sealed credentials: what leaves the repository is what may be answered.
const COLUMNS = `id, kind, name, format, ingest_key_prefix AS "ingestKeyPrefix", ${utc('key_rotated_at')} AS "keyRotatedAt",
  property_id AS "propertyId", region, credentials IS NOT NULL AS "hasCredentials",
  ${utc('created_at')} AS "createdAt", ${utc('updated_at')} AS "updatedAt"`;

export interface NewSource {
  id: string;
  kind: Source['kind'];
  name: string;
  format: Source['format'];
  ingestKeyHash: string | null;
  ingestKeyPrefix: string | null;
  propertyId: string | null;
  region: Source['region'];
  credentials: string | null;
  createdBy: string;
}

export async function insertSource(db: Queryable, companyId: string, source: NewSource): Promise<Source> {
  const { rows } = await db.query<Source>(
    `INSERT INTO insights.sources (id, company_id, kind, name, format, ingest_key_hash, ingest_key_prefix, key_rotated_at,
                                   property_id, region, credentials, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $6::text IS NULL THEN NULL ELSE now() END, $8, $9, $10, $11)
     RETURNING ${COLUMNS}`,
    [
      source.id,
      companyId,
      source.kind,
      source.name,
      source.format,
      source.ingestKeyHash,
      source.ingestKeyPrefix,
      source.propertyId,
      source.region,
      source.credentials,
      source.createdBy,
    ],
  );
  return rows[0];
}

export async function listSources(db: Queryable, companyId: string): Promise<Source[]> {
  const { rows } = await db.query<Source>(
    `SELECT ${COLUMNS} FROM insights.sources WHERE company_id = $1 ORDER BY created_at, id`,
    [companyId],
  );
  return rows;
}

export async function findSource(db: Queryable, companyId: string, id: string): Promise<Source | null> {
  const { rows } = await db.query<Source>(`SELECT ${COLUMNS} FROM insights.sources WHERE company_id = $1 AND id = $2`, [
    companyId,
    id,
  ]);
  return rows[0] ?? null;
}

export async function deleteSource(db: Queryable, companyId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM insights.sources WHERE company_id = $1 AND id = $2`, [
    companyId,
    id,
  ]);
  return (rowCount ?? 0) > 0;
}

/** Replaces a collector's key; the old hash is gone in the same statement, so the old key stops working at once. */
export async function replaceIngestKey(
  db: Queryable,
  companyId: string,
  id: string,
  key: { hash: string; prefix: string },
): Promise<Source | null> {
  const { rows } = await db.query<Source>(
    `UPDATE insights.sources SET ingest_key_hash = $3, ingest_key_prefix = $4, key_rotated_at = now(), updated_at = now()
      WHERE company_id = $1 AND id = $2 AND kind = 'collector'
      RETURNING ${COLUMNS}`,
    [companyId, id, key.hash, key.prefix],
  );
  return rows[0] ?? null;
}

/** Which source and company a collector key's hash names (across companies, through the migration's definer function). */
export async function sourceByIngestKeyHash(
  db: Queryable,
  hash: string,
): Promise<{ sourceId: string; companyId: string; format: string | null } | null> {
  const { rows } = await db.query<{ sourceId: string; companyId: string; format: string | null }>(
    `SELECT source_id AS "sourceId", company_id AS "companyId", format FROM insights.source_by_ingest_key_hash($1)`,
    [hash],
  );
  return rows[0] ?? null;
}
