import { Type, type Static } from '@sinclair/typebox';
import { strictObject as strict, UuidSchema as Uuid } from './primitives';
import { DiffEntrySchema, JsonSchemaDocument, LintReport } from './tracking-plan/api';
import { HISTORY_ENTITY_KINDS } from './tracking-plan/vocabulary';
import { literals } from './tracking-plan/model';

// Proposals: named change-sets of the tracking plan, reviewed and merged (`/api/company/{companyId}/proposals…`).

export const PROPOSAL_STATUSES = [
  'draft',
  'ready_for_review',
  'changes_requested',
  'approved',
  'merged',
  'closed',
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
/** What an author (or an admin) sets by hand; approvals come from reviews and `merged` from a merge. */
export const SETTABLE_PROPOSAL_STATUSES = ['draft', 'ready_for_review', 'closed'] as const;
export const REVIEW_DECISIONS = ['approve', 'request_changes'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];
/** Who may approve: admins (and owners), or every editor (creators too). */
export const APPROVERS = ['admins', 'editors'] as const;
export type Approvers = (typeof APPROVERS)[number];

/** The codes proposal routes answer with besides the plan's own. */
export const PROPOSAL_ERROR_CODES = [
  'proposal_not_found',
  'proposal_closed',
  'proposal_required',
  'merge_conflict',
  'approvals_required',
  'invalid_status_change',
  'own_review',
  'unknown_reviewer',
  'unknown_item',
  'merge_breaks_plan',
  'dependency_unavailable',
] as const;

export const ProposalPathParams = Type.Object({ companyId: Uuid, proposalId: Uuid }, strict);
/** Every plan route reads and writes inside the proposal named here; without it, the live plan. */
export const ProposalQuery = Type.Object({ proposal: Type.Optional(Uuid) }, strict);

export const CreateProposalBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', nameText: true }),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
  },
  strict,
);
export type CreateProposalInput = Static<typeof CreateProposalBody>;

export const ProposalReviewSchema = Type.Object({
  userId: Uuid,
  decision: literals(REVIEW_DECISIONS),
  comment: Type.String(),
  at: Type.String({ format: 'date-time' }),
});
export type ProposalReview = Static<typeof ProposalReviewSchema>;

export const ProposalSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  description: Type.String(),
  status: literals(PROPOSAL_STATUSES),
  authorId: Uuid,
  /** The plan version the proposal started from. */
  baseVersion: Type.Integer(),
  mergedVersion: Type.Union([Type.Integer(), Type.Null()]),
  /** Merged by an owner without the approvals the company asks for. */
  emergency: Type.Boolean(),
  /** Approvals that count towards the company's setting (the author's own never does). */
  approvals: Type.Integer(),
  approvalsRequired: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type Proposal = Static<typeof ProposalSchema>;
export const ProposalDetailSchema = Type.Composite([
  ProposalSchema,
  Type.Object({
    reviews: Type.Array(ProposalReviewSchema),
    /** Members the author asked to review. */
    reviewers: Type.Array(Uuid),
  }),
]);
export type ProposalDetail = Static<typeof ProposalDetailSchema>;
export const ProposalList = Type.Object({ items: Type.Array(ProposalSchema) });

export const SetProposalStatusBody = Type.Object({ status: literals(SETTABLE_PROPOSAL_STATUSES) }, strict);
export const ReviewProposalBody = Type.Object(
  { decision: literals(REVIEW_DECISIONS), comment: Type.String({ maxLength: 5000 }) },
  strict,
);

export const MergeResolutionSchema = Type.Object(
  {
    kind: literals(HISTORY_ENTITY_KINDS),
    id: Uuid,
    field: Type.String({ minLength: 1, maxLength: 100 }),
    take: literals(['proposal', 'live'] as const),
  },
  strict,
);
export const ResolveProposalBody = Type.Object(
  { resolutions: Type.Array(MergeResolutionSchema, { maxItems: 10000 }) },
  strict,
);
export const MergeConflictSchema = Type.Object({
  kind: literals(HISTORY_ENTITY_KINDS),
  id: Uuid,
  name: Type.String(),
  field: Type.String(),
  base: Type.Unknown(),
  proposal: Type.Unknown(),
  live: Type.Unknown(),
});
export type MergeConflictBody = Static<typeof MergeConflictSchema>;
/** What a merge would do now: the conflicts still open after the author's resolutions. */
export const ResolveResponse = Type.Object({ conflicts: Type.Array(MergeConflictSchema) });

export const PlanVersionSchema = Type.Object({
  version: Type.Integer(),
  /** The merged proposal that made it; null for the live plan as a proposal found it. */
  proposalId: Type.Union([Uuid, Type.Null()]),
  createdBy: Uuid,
  createdAt: Type.String({ format: 'date-time' }),
});
export type PlanVersion = Static<typeof PlanVersionSchema>;
export const PlanVersionList = Type.Object({ items: Type.Array(PlanVersionSchema) });
export const PlanVersionParams = Type.Object({ companyId: Uuid, version: Type.Integer({ minimum: 1 }) }, strict);
export const PlanVersionDiffQuery = Type.Object({ against: Type.Integer({ minimum: 1 }) }, strict);

export const EventSchemaChange = Type.Object({
  eventId: Uuid,
  name: Type.String(),
  before: Type.Union([JsonSchemaDocument, Type.Null()]),
  after: Type.Union([JsonSchemaDocument, Type.Null()]),
});
/**
 * A proposal against its base: entities added, changed field by field (events also by their
 * effective attributes, which inheritance can change without the event being edited), removed;
 * the JSON Schema of every event whose schema changes; lint before and after.
 */
export const ProposalDiffSchema = Type.Object({
  added: Type.Array(DiffEntrySchema),
  changed: Type.Array(DiffEntrySchema),
  removed: Type.Array(DiffEntrySchema),
  schemas: Type.Array(EventSchemaChange),
  lint: Type.Object({ before: LintReport, after: LintReport }),
});
export type ProposalDiff = Static<typeof ProposalDiffSchema>;
export const PlanVersionDiffSchema = Type.Object({
  added: Type.Array(DiffEntrySchema),
  changed: Type.Array(DiffEntrySchema),
  removed: Type.Array(DiffEntrySchema),
});

/** `POST …/proposals/{id}/reviewers`: members asked to review (added to those already asked). */
export const RequestReviewersBody = Type.Object({ userIds: Type.Array(Uuid, { minItems: 1, maxItems: 20 }) }, strict);

/** A comment on the proposal, or on one item of its plan when `item` is given. */
export const CreateProposalCommentBody = Type.Object(
  {
    body: Type.String({ minLength: 1, maxLength: 5000, pattern: '\\S' }),
    item: Type.Optional(Type.Object({ kind: literals(HISTORY_ENTITY_KINDS), id: Uuid }, strict)),
  },
  strict,
);
export const ProposalCommentSchema = Type.Object({
  id: Uuid,
  userId: Uuid,
  body: Type.String(),
  item: Type.Union([Type.Object({ kind: literals(HISTORY_ENTITY_KINDS), id: Uuid }), Type.Null()]),
  at: Type.String({ format: 'date-time' }),
});
export type ProposalComment = Static<typeof ProposalCommentSchema>;
export const ProposalCommentList = Type.Object({ items: Type.Array(ProposalCommentSchema) });
