import type { Queryable } from '@tracemap/service-kit';
import type { Role } from './roles';

export type InvitationStatus = 'pending' | 'accepted' | 'revoked';

export interface InvitationRow {
  id: string;
  companyId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  tokenHash: string;
  status: InvitationStatus;
  invitedBy: string;
  expiresAt: Date;
  lastSentAt: Date;
  sendCount: number;
  acceptedBy: string | null;
  acceptedAt: Date | null;
  createdAt: Date;
  /** Judged by the database clock, like every other time in this table. */
  expired: boolean;
  sentSecondsAgo: number;
}

const COLUMNS = `id, company_id AS "companyId", email, first_name AS "firstName", last_name AS "lastName", role,
  token_hash AS "tokenHash", status, invited_by AS "invitedBy", expires_at AS "expiresAt",
  last_sent_at AS "lastSentAt", send_count AS "sendCount", accepted_by AS "acceptedBy",
  accepted_at AS "acceptedAt", created_at AS "createdAt", expires_at <= now() AS expired,
  extract(epoch FROM now() - last_sent_at)::float8 AS "sentSecondsAgo"`;

export async function insertInvitation(
  db: Queryable,
  invitation: {
    id: string;
    companyId: string;
    email: string;
    firstName: string;
    lastName: string;
    role: Role;
    tokenHash: string;
    invitedBy: string;
    ttlHours: number;
  },
): Promise<InvitationRow> {
  const { rows } = await db.query<InvitationRow>(
    `INSERT INTO company.invitations (id, company_id, email, first_name, last_name, role, token_hash, invited_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(hours => $9))
     RETURNING ${COLUMNS}`,
    [
      invitation.id,
      invitation.companyId,
      invitation.email,
      invitation.firstName,
      invitation.lastName,
      invitation.role,
      invitation.tokenHash,
      invitation.invitedBy,
      invitation.ttlHours,
    ],
  );
  return rows[0];
}

/** Reads one invitation; `lock` holds it for the rest of the transaction (accept, resend, revoke). */
export async function findInvitation(
  db: Queryable,
  id: string,
  options: { lock?: boolean } = {},
): Promise<InvitationRow | null> {
  const { rows } = await db.query<InvitationRow>(
    `SELECT ${COLUMNS} FROM company.invitations WHERE id = $1${options.lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function findPendingInvitationByEmail(
  db: Queryable,
  companyId: string,
  email: string,
): Promise<InvitationRow | null> {
  const { rows } = await db.query<InvitationRow>(
    `SELECT ${COLUMNS} FROM company.invitations WHERE company_id = $1 AND email = $2 AND status = 'pending'`,
    [companyId, email],
  );
  return rows[0] ?? null;
}

export async function listInvitations(db: Queryable, companyId: string, limit: number): Promise<InvitationRow[]> {
  const { rows } = await db.query<InvitationRow>(
    `SELECT ${COLUMNS} FROM company.invitations WHERE company_id = $1 ORDER BY created_at DESC, id LIMIT $2`,
    [companyId, limit],
  );
  return rows;
}

export async function expireStalePending(db: Queryable, companyId: string, email: string): Promise<void> {
  // An expired pending invitation must not block a fresh one to the same address.
  await db.query(
    `UPDATE company.invitations SET status = 'revoked', revoked_at = now()
      WHERE company_id = $1 AND email = $2 AND status = 'pending' AND expires_at <= now()`,
    [companyId, email],
  );
}

export async function renewInvitationToken(
  db: Queryable,
  id: string,
  tokenHash: string,
  ttlHours: number,
): Promise<InvitationRow> {
  const { rows } = await db.query<InvitationRow>(
    `UPDATE company.invitations
        SET token_hash = $2, expires_at = now() + make_interval(hours => $3),
            last_sent_at = now(), send_count = send_count + 1
      WHERE id = $1
  RETURNING ${COLUMNS}`,
    [id, tokenHash, ttlHours],
  );
  return rows[0];
}

export async function markInvitationAccepted(db: Queryable, id: string, userId: string): Promise<void> {
  await db.query(
    `UPDATE company.invitations SET status = 'accepted', accepted_by = $2, accepted_at = now() WHERE id = $1`,
    [id, userId],
  );
}

export async function markInvitationRevoked(db: Queryable, id: string): Promise<void> {
  await db.query(`UPDATE company.invitations SET status = 'revoked', revoked_at = now() WHERE id = $1`, [id]);
}

export function isOpen(invitation: InvitationRow): boolean {
  return invitation.status === 'pending' && !invitation.expired;
}
