import type pg from 'pg';

// Queries of the model path; each runs in a tenant transaction (row security keeps the company).

/** The company's glossary; no settings row: none. */
export async function readGlossary(db: pg.ClientBase): Promise<string> {
  const { rows } = await db.query<{ glossary: string }>(`SELECT glossary FROM insights.assistant_settings`);
  return rows[0]?.glossary ?? '';
}

export async function writeGlossary(db: pg.ClientBase, companyId: string, glossary: string, userId: string) {
  await db.query(
    `INSERT INTO insights.assistant_settings (company_id, glossary, updated_by) VALUES ($1, $2, $3)
     ON CONFLICT (company_id) DO UPDATE SET glossary = $2, updated_by = $3, updated_at = now()`,
    [companyId, glossary, userId],
  );
}

/** Model tokens the company's answers used today (UTC). */
export async function tokensToday(db: pg.ClientBase): Promise<number> {
  const { rows } = await db.query<{ tokens: string | null }>(
    `SELECT sum(tokens) AS tokens FROM insights.assistant_messages
      WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
  );
  return Number(rows[0]?.tokens ?? 0);
}

/** The latest messages of a thread before the question being answered, oldest first. */
export async function recentMessages(
  db: pg.ClientBase,
  threadId: string,
  limit: number,
): Promise<Array<{ role: 'user' | 'assistant'; content: string }>> {
  const { rows } = await db.query<{ role: 'user' | 'assistant'; content: string }>(
    `SELECT role, content FROM (
       SELECT role, content, created_at, id FROM insights.assistant_messages
        WHERE thread_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2
     ) m ORDER BY created_at, id`,
    [threadId, limit],
  );
  return rows;
}
