import type pg from 'pg';
import type {
  AnswerMode,
  ChatGrounding,
  ChatMessage,
  ChatReference,
  ChatThreadSummary,
  ChatToolCall,
  ChatUsageDay,
} from '@tracemap/contracts';

// Every query runs in a tenant transaction (row security keeps the company);
// the user filter is here, so a member only ever reaches their own threads.

interface ThreadRow {
  id: string;
  title: string;
  created_at: Date;
  updated_at: Date;
}

const toSummary = (row: ThreadRow): ChatThreadSummary => ({
  id: row.id,
  title: row.title,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export async function insertThread(
  db: pg.ClientBase,
  thread: { id: string; companyId: string; userId: string; title: string },
): Promise<void> {
  await db.query(`INSERT INTO insights.assistant_threads (id, company_id, user_id, title) VALUES ($1, $2, $3, $4)`, [
    thread.id,
    thread.companyId,
    thread.userId,
    thread.title,
  ]);
}

const THREAD_LIMIT = 200;

/** The user's threads, the most recently active first. */
export async function listThreads(db: pg.ClientBase, userId: string): Promise<ChatThreadSummary[]> {
  const { rows } = await db.query<ThreadRow>(
    `SELECT id, title, created_at, updated_at FROM insights.assistant_threads
      WHERE user_id = $1 ORDER BY updated_at DESC, id LIMIT $2`,
    [userId, THREAD_LIMIT],
  );
  return rows.map(toSummary);
}

/** The thread when it is the user's; locked, so two answers in one thread are stored in order. */
export async function findThread(
  db: pg.ClientBase,
  userId: string,
  threadId: string,
  options: { lock?: boolean } = {},
): Promise<ChatThreadSummary | null> {
  const { rows } = await db.query<ThreadRow>(
    `SELECT id, title, created_at, updated_at FROM insights.assistant_threads
      WHERE id = $1 AND user_id = $2${options.lock ? ' FOR UPDATE' : ''}`,
    [threadId, userId],
  );
  return rows[0] ? toSummary(rows[0]) : null;
}

interface MessageRow {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  references: ChatReference[];
  tool_calls: ChatToolCall[];
  grounding: ChatGrounding | null;
  mode: AnswerMode | null;
  created_at: Date;
}

export async function listMessages(db: pg.ClientBase, threadId: string): Promise<ChatMessage[]> {
  const { rows } = await db.query<MessageRow>(
    `SELECT id, role, content, "references", tool_calls, grounding, mode, created_at
       FROM insights.assistant_messages WHERE thread_id = $1 ORDER BY created_at, id`,
    [threadId],
  );
  return rows.map((r) => ({
    id: r.id,
    role: r.role,
    content: r.content,
    references: r.references,
    grounding: r.grounding,
    mode: r.mode,
    toolCalls: r.tool_calls,
    createdAt: r.created_at.toISOString(),
  }));
}

export interface NewMessage {
  id: string;
  companyId: string;
  threadId: string;
  role: 'user' | 'assistant';
  content: string;
  references?: ChatReference[];
  toolCalls?: ChatToolCall[];
  grounding?: ChatGrounding;
  mode?: AnswerMode;
  tokens?: number;
  latencyMs?: number;
}

export async function insertMessage(db: pg.ClientBase, message: NewMessage): Promise<void> {
  await db.query(
    `INSERT INTO insights.assistant_messages
       (id, company_id, thread_id, role, content, "references", tool_calls, grounding, mode, tokens, latency_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      message.id,
      message.companyId,
      message.threadId,
      message.role,
      message.content,
      JSON.stringify(message.references ?? []),
      JSON.stringify(message.toolCalls ?? []),
      message.grounding ? JSON.stringify(message.grounding) : null,
      message.mode ?? null,
      message.tokens ?? 0,
      message.latencyMs ?? null,
    ],
  );
}

/** A thread without a title takes its first question's start as one. */
export async function touchThread(db: pg.ClientBase, threadId: string, firstQuestion: string): Promise<void> {
  await db.query(
    `UPDATE insights.assistant_threads
        SET updated_at = now(), title = CASE WHEN title = '' THEN $2 ELSE title END
      WHERE id = $1`,
    [threadId, firstQuestion],
  );
}

/** No row: the assistant is on. */
export async function readEnabled(db: pg.ClientBase): Promise<boolean> {
  const { rows } = await db.query<{ enabled: boolean }>(`SELECT enabled FROM insights.assistant_settings`);
  return rows[0]?.enabled ?? true;
}

export async function writeEnabled(db: pg.ClientBase, companyId: string, enabled: boolean, userId: string) {
  await db.query(
    `INSERT INTO insights.assistant_settings (company_id, enabled, updated_by) VALUES ($1, $2, $3)
     ON CONFLICT (company_id) DO UPDATE SET enabled = $2, updated_by = $3, updated_at = now()`,
    [companyId, enabled, userId],
  );
}

/** Questions asked, threads started and model tokens used per UTC day over the last `days` days, today included. */
export async function usageByDay(db: pg.ClientBase, days: number): Promise<ChatUsageDay[]> {
  const { rows } = await db.query<{ day: string; messages: string; threads: string; tokens: string | null }>(
    `WITH days AS (
       SELECT generate_series((now() AT TIME ZONE 'UTC')::date - ($1::int - 1), (now() AT TIME ZONE 'UTC')::date,
                              interval '1 day')::date AS day
     )
     SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
            (SELECT count(*) FROM insights.assistant_messages m
              WHERE m.role = 'user' AND (m.created_at AT TIME ZONE 'UTC')::date = d.day) AS messages,
            (SELECT count(*) FROM insights.assistant_threads t
              WHERE (t.created_at AT TIME ZONE 'UTC')::date = d.day) AS threads,
            (SELECT sum(m.tokens) FROM insights.assistant_messages m
              WHERE (m.created_at AT TIME ZONE 'UTC')::date = d.day) AS tokens
       FROM days d ORDER BY d.day`,
    [days],
  );
  return rows.map((r) => ({
    day: r.day,
    messages: Number(r.messages),
    threads: Number(r.threads),
    tokens: Number(r.tokens ?? 0),
  }));
}

/** The message of a thread holding the tool call, locked: applying one of its drafts happens once. */
export async function findToolCallMessage(
  db: pg.ClientBase,
  threadId: string,
  toolCallId: string,
): Promise<{ id: string; toolCalls: ChatToolCall[] } | null> {
  const { rows } = await db.query<{ id: string; tool_calls: ChatToolCall[] }>(
    `SELECT id, tool_calls FROM insights.assistant_messages
      WHERE thread_id = $1 AND role = 'assistant' AND tool_calls @> $2::jsonb FOR UPDATE`,
    [threadId, JSON.stringify([{ id: toolCallId }])],
  );
  return rows[0] ? { id: rows[0].id, toolCalls: rows[0].tool_calls } : null;
}

export async function writeToolCalls(db: pg.ClientBase, messageId: string, toolCalls: ChatToolCall[]): Promise<void> {
  await db.query(`UPDATE insights.assistant_messages SET tool_calls = $2 WHERE id = $1`, [
    messageId,
    JSON.stringify(toolCalls),
  ]);
}
