import type { Queryable } from '@tracemap/service-kit';
import type { AdminBugReport, AdminFeedback, SupportStatus } from '@tracemap/contracts';

const iso = (d: Date) => d.toISOString();

export async function listBugReports(
  db: Queryable,
  options: { status?: SupportStatus; limit: number },
): Promise<AdminBugReport[]> {
  const { rows } = await db.query(
    `SELECT b.*, p.email AS user_email FROM account.bug_reports b LEFT JOIN account.profiles p ON p.user_id = b.user_id
      WHERE ($1::text IS NULL OR b.status = $1) ORDER BY b.created_at DESC, b.id LIMIT $2`,
    [options.status ?? null, options.limit],
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    userEmail: r.user_email,
    bugType: r.bug_type,
    description: r.description,
    bugUrl: r.bug_url,
    submissionUrl: r.submission_url,
    companyId: r.company_id,
    mapId: r.map_id,
    userAgent: r.user_agent,
    status: r.status,
    createdAt: iso(r.created_at),
  }));
}

export async function listFeedback(
  db: Queryable,
  options: { status?: SupportStatus; limit: number },
): Promise<AdminFeedback[]> {
  const { rows } = await db.query(
    `SELECT f.*, p.email AS user_email FROM account.feedback f LEFT JOIN account.profiles p ON p.user_id = f.user_id
      WHERE ($1::text IS NULL OR f.status = $1) ORDER BY f.created_at DESC, f.id LIMIT $2`,
    [options.status ?? null, options.limit],
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    userEmail: r.user_email,
    text: r.text,
    status: r.status,
    createdAt: iso(r.created_at),
  }));
}

export async function countOpenBugReports(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM account.bug_reports WHERE status <> 'closed'`,
  );
  return rows[0].n;
}

/** Answers whether the message exists. */
export async function setStatus(
  db: Queryable,
  kind: 'bug_report' | 'feedback',
  id: string,
  status: SupportStatus,
): Promise<boolean> {
  const table = kind === 'bug_report' ? 'account.bug_reports' : 'account.feedback';
  const { rowCount } = await db.query(`UPDATE ${table} SET status = $2 WHERE id = $1`, [id, status]);
  return (rowCount ?? 0) > 0;
}

export async function recentLeads(db: Queryable, limit: number) {
  const { rows } = await db.query<{ id: string; lead_data: Record<string, unknown>; created_at: Date }>(
    `SELECT id, lead_data, created_at FROM account.leads ORDER BY created_at DESC, id LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ id: r.id, data: r.lead_data, createdAt: iso(r.created_at) }));
}
