import fp from 'fastify-plugin';
import type { Queryable } from '@tracemap/service-kit';
import type { FastifyInstance, preSerializationAsyncHookHandler } from 'fastify';
import type { CompanyDeps } from './deps';
import { tenantTransaction } from './tenant';

export type AuditAction =
  | 'company.created'
  | 'company.settings_updated'
  | 'invitation.created'
  | 'invitation.resent'
  | 'invitation.revoked'
  | 'invitation.accepted'
  | 'membership.role_changed'
  | 'membership.removed'
  | 'membership.left'
  | 'proposal.merged';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a successful answer of this route records in the company's audit log, when its use case says it changed something. */
    audit?: AuditAction;
  }
}

/**
 * What a use case tells the audit trail about the change it made. The route names
 * the action; a note may name another (leaving rather than being removed), and the
 * company and actor when the route is not scoped to one (creating, joining).
 */
export interface AuditNote {
  action?: AuditAction;
  companyId?: string;
  actorUserId?: string;
  targetUserId?: string | null;
  details?: object;
}

// A symbol: JSON never carries it, so a stored idempotent answer replays without recording twice.
const NOTE = Symbol('audit note');

/** The answer of a change to record; an answer without a note (nothing changed) records nothing. */
export function audited<T extends object>(answer: T, note: AuditNote): T {
  Object.defineProperty(answer, NOTE, { value: note, enumerable: false });
  return answer;
}

function noteOf(payload: unknown): AuditNote | undefined {
  return payload !== null && typeof payload === 'object' ? (payload as { [NOTE]?: AuditNote })[NOTE] : undefined;
}

async function recordAudit(
  db: Queryable,
  entry: {
    companyId: string;
    actorUserId: string | null;
    action: AuditAction;
    targetUserId?: string | null;
    details?: object;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO company.audit_log (company_id, actor_user_id, action, target_user_id, details) VALUES ($1, $2, $3, $4, $5)`,
    [entry.companyId, entry.actorUserId, entry.action, entry.targetUserId ?? null, JSON.stringify(entry.details ?? {})],
  );
}

/**
 * The one writer of the audit log: for a route declaring `config.audit`, a successful
 * answer carrying a note is recorded before it leaves, so an answer the caller receives
 * means its entry is written. The company and actor are the access guard's unless the
 * note names them. The hook is attached only to routes that declare an action, so every
 * read (the hot path) runs without it.
 */
export const auditTrail = fp(
  async (app: FastifyInstance, { deps }: { deps: CompanyDeps }) => {
    const record: preSerializationAsyncHookHandler = async (request, reply, payload) => {
      const action = request.routeOptions.config.audit;
      const note = action && reply.statusCode < 400 ? noteOf(payload) : undefined;
      if (!action || !note) return payload;
      const companyId = note.companyId ?? request.company?.companyId;
      if (!companyId) throw new Error(`audit ${action}: no company named for ${request.routeOptions.url}`);
      const actorUserId = note.actorUserId ?? request.company?.userId ?? request.auth?.userId ?? null;
      await tenantTransaction(deps.db, { companyId, userId: actorUserId ?? undefined }, (client) =>
        recordAudit(client, {
          companyId,
          actorUserId,
          action: note.action ?? action,
          targetUserId: note.targetUserId,
          details: note.details,
        }),
      );
      return payload;
    };
    app.addHook('onRoute', (route) => {
      if (!route.config?.audit) return;
      const own = route.preSerialization;
      route.preSerialization = own ? [...(Array.isArray(own) ? own : [own]), record] : [record];
    });
  },
  { name: 'company-audit-trail' },
);
