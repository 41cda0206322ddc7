import type { Queryable } from '@tracemap/service-kit';
import type { HistoryEntityKind, ProposalComment } from '@tracemap/contracts';
import { iso } from '../shared/list-query';

// Reviewers asked by name and comments of proposals.

export async function addReviewers(
  db: Queryable,
  r: { companyId: string; proposalId: string; userIds: string[]; requestedBy: string },
): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string }>(
    `INSERT INTO company.proposal_reviewers (company_id, proposal_id, user_id, requested_by)
     SELECT $1, $2, u, $4 FROM unnest($3::uuid[]) AS u ON CONFLICT DO NOTHING RETURNING user_id`,
    [r.companyId, r.proposalId, r.userIds, r.requestedBy],
  );
  // Only those not asked before: asking again tells nobody anything new.
  return rows.map((r) => r.user_id);
}

export async function listReviewers(db: Queryable, companyId: string, proposalId: string): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT user_id FROM company.proposal_reviewers WHERE company_id = $1 AND proposal_id = $2 ORDER BY created_at, user_id`,
    [companyId, proposalId],
  );
  return rows.map((r) => r.user_id);
}

/** Which of the given users are members of the company. */
export async function membersAmong(db: Queryable, companyId: string, userIds: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT user_id FROM company.memberships WHERE company_id = $1 AND user_id = ANY($2::uuid[])`,
    [companyId, userIds],
  );
  return new Set(rows.map((r) => r.user_id));
}

interface CommentRow {
  id: string;
  user_id: string;
  body: string;
  entity_kind: HistoryEntityKind | null;
  entity_id: string | null;
  created_at: Date;
}

const toComment = (r: CommentRow): ProposalComment => ({
  id: r.id,
  userId: r.user_id,
  body: r.body,
  item: r.entity_kind && r.entity_id ? { kind: r.entity_kind, id: r.entity_id } : null,
  at: iso(r.created_at),
});

export async function insertComment(
  db: Queryable,
  c: {
    id: string;
    companyId: string;
    proposalId: string;
    userId: string;
    body: string;
    item?: { kind: HistoryEntityKind; id: string };
  },
): Promise<ProposalComment> {
  const { rows } = await db.query<CommentRow>(
    `INSERT INTO company.proposal_comments (id, company_id, proposal_id, user_id, body, entity_kind, entity_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, user_id, body, entity_kind, entity_id, created_at`,
    [c.id, c.companyId, c.proposalId, c.userId, c.body, c.item?.kind ?? null, c.item?.id ?? null],
  );
  return toComment(rows[0]);
}

export async function listComments(db: Queryable, companyId: string, proposalId: string): Promise<ProposalComment[]> {
  const { rows } = await db.query<CommentRow>(
    `SELECT id, user_id, body, entity_kind, entity_id, created_at FROM company.proposal_comments
      WHERE company_id = $1 AND proposal_id = $2 ORDER BY created_at, id`,
    [companyId, proposalId],
  );
  return rows.map(toComment);
}

const TABLES: Record<HistoryEntityKind, string> = {
  attribute: 'company.plan_attributes',
  event: 'company.plan_events',
  view: 'company.plan_views',
  map: 'company.maps',
};

/** Whether the plan of `companyId` (a company or a proposal's workspace) has the item. */
export async function hasItem(
  db: Queryable,
  companyId: string,
  item: { kind: HistoryEntityKind; id: string },
): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM ${TABLES[item.kind]} WHERE company_id = $1 AND id = $2`, [
    companyId,
    item.id,
  ]);
  return rows.length > 0;
}
