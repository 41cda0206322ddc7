import type { Queryable } from '@tracemap/service-kit';
import { MEMBERSHIP_EVENTS_CHANNEL } from './membership-cache';
import type { Role } from './roles';

export interface MembershipRow {
  userId: string;
  role: Role;
}

/** The caller's membership row; $1 company, $2 user. */
export const MEMBERSHIP_BY_COMPANY_AND_USER = `SELECT role FROM company.memberships WHERE company_id = $1 AND user_id = $2`;

export async function findMembership(db: Queryable, companyId: string, userId: string): Promise<MembershipRow | null> {
  const { rows } = await db.query<MembershipRow>(
    `SELECT user_id AS "userId", role FROM company.memberships WHERE company_id = $1 AND user_id = $2`,
    [companyId, userId],
  );
  return rows[0] ?? null;
}

export async function listMemberships(db: Queryable, companyId: string): Promise<MembershipRow[]> {
  const { rows } = await db.query<MembershipRow>(
    `SELECT user_id AS "userId", role FROM company.memberships WHERE company_id = $1 ORDER BY created_at, user_id`,
    [companyId],
  );
  return rows;
}

/**
 * Locks every membership of the company: role changes and removals run one
 * at a time per company, so two owners cannot demote each other at once and
 * leave it without an owner.
 */
export async function lockMemberships(db: Queryable, companyId: string): Promise<MembershipRow[]> {
  const { rows } = await db.query<MembershipRow>(
    `SELECT user_id AS "userId", role FROM company.memberships WHERE company_id = $1 ORDER BY user_id FOR UPDATE`,
    [companyId],
  );
  return rows;
}

/** Adds the member unless they already are one; answers the role they end up with. */
export async function addMembership(
  db: Queryable,
  companyId: string,
  userId: string,
  role: Role,
): Promise<{ role: Role; created: boolean }> {
  // Announced too (nobody keeps a refusal, but company info lists the members).
  const inserted = await db.query<{ role: Role }>(
    `WITH changed AS (
       INSERT INTO company.memberships (company_id, user_id, role) VALUES ($1, $2, $3)
       ON CONFLICT (company_id, user_id) DO NOTHING RETURNING company_id, user_id, role
     )
     SELECT role, pg_notify('${MEMBERSHIP_EVENTS_CHANNEL}', 'member:' || company_id || ':' || user_id) FROM changed`,
    [companyId, userId, role],
  );
  if (inserted.rows[0]) return { role: inserted.rows[0].role, created: true };
  const existing = await findMembership(db, companyId, userId);
  return { role: existing!.role, created: false };
}

// Role changes and removals are announced in the same statement, so every
// replica drops its cached membership when (and only if) the change commits.
const ANNOUNCE = `SELECT pg_notify('${MEMBERSHIP_EVENTS_CHANNEL}', 'member:' || company_id || ':' || user_id) FROM changed`;

export async function updateMembershipRole(
  db: Queryable,
  companyId: string,
  userId: string,
  role: Role,
): Promise<void> {
  await db.query(
    `WITH changed AS (
       UPDATE company.memberships SET role = $3, updated_at = now() WHERE company_id = $1 AND user_id = $2 RETURNING company_id, user_id
     ) ${ANNOUNCE}`,
    [companyId, userId, role],
  );
}

export async function deleteMembership(db: Queryable, companyId: string, userId: string): Promise<void> {
  await db.query(
    `WITH changed AS (DELETE FROM company.memberships WHERE company_id = $1 AND user_id = $2 RETURNING company_id, user_id) ${ANNOUNCE}`,
    [companyId, userId],
  );
}
