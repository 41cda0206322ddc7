import type { Queryable } from '@tracemap/service-kit';
import type { AdminAuditEntry } from '@tracemap/contracts';

/** Every admin action, named `<area>.<verb>` (user.password_reset, roadmap.published…). */
export type AdminAction =
  | 'user.confirmation_resent'
  | 'user.password_reset_sent'
  | 'user.password_reset_required_set'
  | 'user.product_admin_set'
  | 'user.sessions_ended'
  | 'user.created'
  | 'user.added_to_company'
  | 'company.created'
  | 'email.resent'
  | 'email.test_sent'
  | 'roadmap.created'
  | 'roadmap.updated'
  | 'roadmap.deleted'
  | 'roadmap.reordered'
  | 'support.status_set'
  | 'release.published'
  | 'release.rolled_back'
  | 'release.shell_recorded'
  | 'debug.test_error';

export interface AuditRecord {
  actor: { userId: string; email: string };
  action: AdminAction;
  targetType:
    | 'user'
    | 'company'
    | 'email'
    | 'roadmap_item'
    | 'roadmap'
    | 'bug_report'
    | 'feedback'
    | 'service'
    | 'remote'
    | 'shell';
  targetId?: string | null;
  details?: Record<string, unknown>;
}

export async function insertAudit(db: Queryable, record: AuditRecord): Promise<void> {
  await db.query(
    `INSERT INTO account.admin_audit_log (actor_user_id, actor_email, action, target_type, target_id, details) VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      record.actor.userId,
      record.actor.email,
      record.action,
      record.targetType,
      record.targetId ?? null,
      JSON.stringify(record.details ?? {}),
    ],
  );
}

export async function listAudit(db: Queryable, limit: number): Promise<AdminAuditEntry[]> {
  const { rows } = await db.query<{
    id: string;
    actor_user_id: string;
    actor_email: string;
    action: string;
    target_type: string;
    target_id: string | null;
    details: Record<string, unknown>;
    created_at: Date;
  }>(`SELECT * FROM account.admin_audit_log ORDER BY created_at DESC, id DESC LIMIT $1`, [limit]);
  return rows.map((r) => ({
    id: Number(r.id),
    actorUserId: r.actor_user_id,
    actorEmail: r.actor_email,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    details: r.details,
    createdAt: r.created_at.toISOString(),
  }));
}
