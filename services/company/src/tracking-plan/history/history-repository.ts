import type { Queryable } from '@tracemap/service-kit';
import type { FieldChange, HistoryAction, HistoryEntityKind, HISTORY_ACTORS, PageOf } from '@tracemap/contracts';
import { AppError } from '@tracemap/service-kit';
import { iso } from '../shared/list-query';
import { PLAN_MESSAGES } from '../shared/plan-errors';

export interface HistoryRecord {
  companyId: string;
  entityKind: HistoryEntityKind;
  entityId: string;
  action: HistoryAction;
  actorUserId: string | null;
  /** Absent: the user acting in the app. */
  actor?: HistoryActor;
  version: number;
  changes: FieldChange[];
  /** The proposal whose merge made the change. */
  proposalId?: string;
}

export type HistoryActor = (typeof HISTORY_ACTORS)[number];

export interface StoredHistoryEntry {
  id: string;
  entityKind: HistoryEntityKind;
  entityId: string;
  action: HistoryAction;
  actorUserId: string | null;
  actor: HistoryActor;
  at: string;
  version: number;
  changes: FieldChange[];
}

export async function recordHistory(db: Queryable, entry: HistoryRecord): Promise<void> {
  await recordHistoryBatch(db, [entry]);
}

/** Many entries in one statement (imports write one per entity). */
export async function recordHistoryBatch(db: Queryable, entries: HistoryRecord[]): Promise<void> {
  for (let start = 0; start < entries.length; start += 5000) {
    const chunk = entries.slice(start, start + 5000);
    await db.query(
      `INSERT INTO company.plan_history (company_id, entity_kind, entity_id, action, actor_user_id, actor, version, changes, proposal_id)
       SELECT company_id, entity_kind, entity_id, action, actor_user_id, actor, version, changes, proposal_id
         FROM jsonb_to_recordset($1::jsonb)
           AS x(company_id uuid, entity_kind text, entity_id uuid, action text, actor_user_id uuid, actor text,
                version integer, changes jsonb, proposal_id uuid)`,
      [
        JSON.stringify(
          chunk.map((e) => ({
            company_id: e.companyId,
            entity_kind: e.entityKind,
            entity_id: e.entityId,
            action: e.action,
            actor_user_id: e.actorUserId,
            actor: e.actor ?? 'user',
            version: e.version,
            changes: e.changes,
            proposal_id: e.proposalId ?? null,
          })),
        ),
      ],
    );
  }
}

/** An entity's history, newest first, by keyset on the entry id. */
export async function listHistory(
  db: Queryable,
  input: { companyId: string; entityKind: HistoryEntityKind; entityId: string; cursor?: string; limit: number },
): Promise<PageOf<StoredHistoryEntry>> {
  let before: string | null = null;
  if (input.cursor !== undefined) {
    if (!/^[0-9]{1,18}$/.test(input.cursor)) throw new AppError(400, 'invalid_cursor', PLAN_MESSAGES.invalidCursor);
    before = input.cursor;
  }
  const { rows } = await db.query(
    `SELECT c.total, h.*
       FROM (SELECT count(*)::int AS total FROM company.plan_history
              WHERE company_id = $1 AND entity_kind = $2 AND entity_id = $3) c
       LEFT JOIN LATERAL (
         SELECT id::text AS id, entity_kind AS "entityKind", entity_id AS "entityId", action, actor_user_id AS "actorUserId",
                actor, created_at AS at, version, changes
           FROM company.plan_history
          WHERE company_id = $1 AND entity_kind = $2 AND entity_id = $3 AND ($4::bigint IS NULL OR id < $4::bigint)
          ORDER BY id DESC
          LIMIT $5
       ) h ON true
      ORDER BY h.id::bigint DESC`,
    [input.companyId, input.entityKind, input.entityId, before, input.limit + 1],
  );
  const total = (rows[0]?.total as number | undefined) ?? 0;
  const found = rows.filter((row) => row.id !== null);
  const items = found.slice(0, input.limit).map((row) => ({ ...row, at: iso(row.at) }) as StoredHistoryEntry);
  return { items, nextCursor: found.length > input.limit ? items[items.length - 1].id : null, total };
}
