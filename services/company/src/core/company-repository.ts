import type { Queryable } from '@tracemap/service-kit';
import type { Approvers, LintSettings, NameCase } from '@tracemap/contracts';
import type { Role } from './roles';

export interface CompanySettings {
  attributeInheritance?: boolean;
  eventNameCase?: NameCase;
  attributeNameCase?: NameCase;
  /** Severity per lint rule of the tracking plan. */
  lintRules?: LintSettings;
  /** Origins allowed to frame the company's map previews (none by default). */
  mapEmbedOrigins?: string[];
  /** Direct edits of the live plan are refused (owners excepted): changes go through proposals. */
  proposalsRequired?: boolean;
  /** Approvals a proposal needs before it merges, and whose count. */
  approvalsRequired?: number;
  approvers?: Approvers;
}

export interface CompanyRow {
  id: string;
  name: string;
  settings: CompanySettings;
  lastSync: string | null;
}

const COLUMNS = `id, name, settings, last_sync AS "lastSync"`;

export async function insertCompany(
  db: Queryable,
  company: { id: string; name: string; createdBy: string },
): Promise<CompanyRow> {
  const { rows } = await db.query<CompanyRow>(
    `INSERT INTO company.companies (id, name, created_by) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
    [company.id, company.name, company.createdBy],
  );
  return rows[0];
}

export async function findCompany(db: Queryable, id: string): Promise<CompanyRow | null> {
  const { rows } = await db.query<CompanyRow>(`SELECT ${COLUMNS} FROM company.companies WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function updateCompany(
  db: Queryable,
  id: string,
  changes: { name?: string; settings?: CompanySettings },
): Promise<CompanyRow | null> {
  const { rows } = await db.query<CompanyRow>(
    `UPDATE company.companies
        SET name = coalesce($2, name),
            settings = settings || coalesce($3::jsonb, '{}'::jsonb),
            updated_at = now()
      WHERE id = $1
  RETURNING ${COLUMNS}`,
    [id, changes.name ?? null, changes.settings ? JSON.stringify(changes.settings) : null],
  );
  return rows[0] ?? null;
}

/** The caller's companies; RLS limits the rows to the user named for the transaction. */
export async function listCompaniesOfUser(
  db: Queryable,
  userId: string,
): Promise<Array<{ id: string; name: string; role: Role }>> {
  const { rows } = await db.query<{ id: string; name: string; role: Role }>(
    `SELECT c.id, c.name, m.role
       FROM company.memberships m
       JOIN company.companies c ON c.id = m.company_id
      WHERE m.user_id = $1
      ORDER BY m.created_at, c.name`,
    [userId],
  );
  return rows;
}
