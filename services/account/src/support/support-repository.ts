import type { Queryable } from '@tracemap/service-kit';

export async function insertLead(
  db: Queryable,
  userId: string | null,
  leadData: Record<string, unknown>,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO account.leads (user_id, lead_data) VALUES ($1, $2) RETURNING id`,
    [userId, JSON.stringify(leadData)],
  );
  return rows[0].id;
}

export interface BugReport {
  bugType: string;
  description: string;
  bugUrl?: string;
  submissionUrl?: string;
  companyId?: string;
  mapId?: string;
  userAgent?: string;
}

export async function insertBugReport(db: Queryable, userId: string | null, report: BugReport): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO account.bug_reports (user_id, bug_type, description, bug_url, submission_url, company_id, map_id, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      userId,
      report.bugType,
      report.description,
      report.bugUrl ?? null,
      report.submissionUrl ?? null,
      report.companyId ?? null,
      report.mapId ?? null,
      report.userAgent ?? null,
    ],
  );
  return rows[0].id;
}

export async function insertFeedback(db: Queryable, userId: string | null, text: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO account.feedback (user_id, text) VALUES ($1, $2) RETURNING id`,
    [userId, text],
  );
  return rows[0].id;
}
