import type { Queryable } from '@tracemap/service-kit';
import type { ProposalReview, ProposalStatus, ReviewDecision } from '@tracemap/contracts';
import type { MergeResolution } from '@tracemap/tracking-plan';
import { iso } from '../shared/list-query';

/** Who opened a proposal (migration 015). */
export type ProposalSource = 'person' | 'discovery' | 'assistant';

export interface StoredProposal {
  id: string;
  companyId: string;
  workspaceId: string;
  name: string;
  description: string;
  status: ProposalStatus;
  authorId: string;
  baseVersion: number;
  mergedVersion: number | null;
  emergency: boolean;
  resolutions: MergeResolution[];
  createdAt: string;
  updatedAt: string;
}

const COLUMNS = `id, company_id AS "companyId", workspace_id AS "workspaceId", name, description, status, author_id AS "authorId",
  base_version AS "baseVersion", merged_version AS "mergedVersion", emergency, resolutions,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"`;

/** The SQL of one proposal by company and id, for the one-round-trip read that resolves `?proposal=`. */
export const PROPOSAL_BY_ID = `SELECT workspace_id AS "workspaceId", status FROM company.proposals WHERE company_id = $1 AND id = $2`;

export async function insertProposal(
  db: Queryable,
  p: {
    id: string;
    companyId: string;
    workspaceId: string;
    name: string;
    description: string;
    authorId: string;
    baseVersion: number;
    source?: ProposalSource;
  },
): Promise<StoredProposal> {
  const { rows } = await db.query<StoredProposal>(
    `INSERT INTO company.proposals (id, company_id, workspace_id, name, description, author_id, base_version, source)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [p.id, p.companyId, p.workspaceId, p.name, p.description, p.authorId, p.baseVersion, p.source ?? 'person'],
  );
  return rows[0];
}

export async function findProposal(
  db: Queryable,
  companyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<StoredProposal | null> {
  const { rows } = await db.query<StoredProposal>(
    `SELECT ${COLUMNS} FROM company.proposals WHERE company_id = $1 AND id = $2 ${options.forUpdate ? 'FOR UPDATE' : ''}`,
    [companyId, id],
  );
  return rows[0] ?? null;
}

/** The newest draft a producer other than a person (discovery, the assistant) opened. */
export async function newestDraftFrom(
  db: Queryable,
  companyId: string,
  source: ProposalSource,
): Promise<StoredProposal | null> {
  const { rows } = await db.query<StoredProposal>(
    `SELECT ${COLUMNS} FROM company.proposals WHERE company_id = $1 AND source = $2 AND status = 'draft'
      ORDER BY created_at DESC, id LIMIT 1`,
    [companyId, source],
  );
  return rows[0] ?? null;
}

export async function listProposals(db: Queryable, companyId: string): Promise<StoredProposal[]> {
  const { rows } = await db.query<StoredProposal>(
    `SELECT ${COLUMNS} FROM company.proposals WHERE company_id = $1 ORDER BY created_at DESC, id LIMIT 500`,
    [companyId],
  );
  return rows;
}

export async function updateProposal(
  db: Queryable,
  companyId: string,
  id: string,
  changes: { status?: ProposalStatus; resolutions?: MergeResolution[]; mergedVersion?: number; emergency?: boolean },
): Promise<void> {
  await db.query(
    `UPDATE company.proposals
        SET status = coalesce($3, status), resolutions = coalesce($4::jsonb, resolutions),
            merged_version = coalesce($5, merged_version), emergency = coalesce($6, emergency), updated_at = now()
      WHERE company_id = $1 AND id = $2`,
    [
      companyId,
      id,
      changes.status ?? null,
      changes.resolutions ? JSON.stringify(changes.resolutions) : null,
      changes.mergedVersion ?? null,
      changes.emergency ?? null,
    ],
  );
}

export async function insertReview(
  db: Queryable,
  r: { companyId: string; proposalId: string; userId: string; decision: ReviewDecision; comment: string },
): Promise<void> {
  await db.query(
    `INSERT INTO company.proposal_reviews (company_id, proposal_id, user_id, decision, comment) VALUES ($1, $2, $3, $4, $5)`,
    [r.companyId, r.proposalId, r.userId, r.decision, r.comment],
  );
}

/** Reviews in order, each with the reviewer's current role (null once they left the company). */
export async function listReviews(
  db: Queryable,
  companyId: string,
  proposalIds: string[],
): Promise<Array<ProposalReview & { proposalId: string; role: string | null }>> {
  const { rows } = await db.query<{
    proposal_id: string;
    user_id: string;
    decision: ReviewDecision;
    comment: string;
    created_at: Date;
    role: string | null;
  }>(
    `SELECT r.proposal_id, r.user_id, r.decision, r.comment, r.created_at, m.role
       FROM company.proposal_reviews r
       LEFT JOIN company.memberships m ON m.company_id = r.company_id AND m.user_id = r.user_id
      WHERE r.company_id = $1 AND r.proposal_id = ANY($2::uuid[])
      ORDER BY r.id`,
    [companyId, proposalIds],
  );
  return rows.map((r) => ({
    proposalId: r.proposal_id,
    userId: r.user_id,
    decision: r.decision,
    comment: r.comment,
    at: iso(r.created_at),
    role: r.role,
  }));
}
