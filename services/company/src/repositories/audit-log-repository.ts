import type { Queryable } from '@tracemap/service-kit';

export type AuditAction =
  | 'company.created'
  | 'company.settings_updated'
  | 'invitation.created'
  | 'invitation.resent'
  | 'invitation.revoked'
  | 'invitation.accepted'
  | 'membership.role_changed'
  | 'membership.removed'
  | 'membership.left';

export async function recordAudit(
  db: Queryable,
  entry: { companyId: string; actorUserId: string | null; action: AuditAction; targetUserId?: string | null; details?: object },
): Promise<void> {
  await db.query(
    `INSERT INTO company.audit_log (company_id, actor_user_id, action, target_user_id, details) VALUES ($1, $2, $3, $4, $5)`,
    [entry.companyId, entry.actorUserId, entry.action, entry.targetUserId ?? null, JSON.stringify(entry.details ?? {})],
  );
}

export async function listAudit(db: Queryable, companyId: string, limit = 100) {
  const { rows } = await db.query<{ action: AuditAction; actorUserId: string | null; targetUserId: string | null; details: Record<string, unknown> }>(
    `SELECT action, actor_user_id AS "actorUserId", target_user_id AS "targetUserId", details
       FROM company.audit_log WHERE company_id = $1 ORDER BY id DESC LIMIT $2`,
    [companyId, limit],
  );
  return rows;
}
