import type pg from 'pg';
import type { QuerySourceInput, StoredQueryResult } from '@tracemap/contracts';

// Stored results of the assistant's source queries; each query runs in a tenant transaction.

export async function insertQuery(
  db: pg.ClientBase,
  query: {
    companyId: string;
    userId: string;
    /** Null for a query an MCP client ran (no conversation). */
    threadId: string | null;
    input: QuerySourceInput;
    result: StoredQueryResult;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO insights.assistant_queries (id, company_id, user_id, thread_id, source_id, kind, input, columns, rows, ran_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      query.result.queryId,
      query.companyId,
      query.userId,
      query.threadId,
      query.result.sourceId,
      query.result.kind,
      JSON.stringify(query.input),
      JSON.stringify(query.result.columns),
      JSON.stringify(query.result.rows),
      query.result.ranAt,
    ],
  );
}

/** A stored result, only for the person whose conversation ran it (threads are theirs alone). */
export async function findQuery(db: pg.ClientBase, userId: string, queryId: string): Promise<StoredQueryResult | null> {
  const { rows } = await db.query<{
    id: string;
    source_id: string;
    kind: StoredQueryResult['kind'];
    columns: string[];
    rows: StoredQueryResult['rows'];
    ran_at: Date;
  }>(
    `SELECT id, source_id, kind, columns, rows, ran_at FROM insights.assistant_queries WHERE id = $1 AND user_id = $2`,
    [queryId, userId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    queryId: row.id,
    sourceId: row.source_id,
    kind: row.kind,
    columns: row.columns,
    rows: row.rows,
    ranAt: row.ran_at.toISOString(),
  };
}
