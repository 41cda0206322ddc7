import type {
  MergeConflictBody,
  PlanVersion,
  Proposal,
  ProposalComment,
  ProposalDetail,
  ProposalDiff,
  ReviewDecision,
} from '@tracemap/contracts';
// Through the package's main entry, not relative paths: an app that bundles this entry point then
// uses the one shared session, stores and error class instead of copies of its own.
import { ApiError, authedFetch, type ApiFetchOptions } from '@tracemap/shell-core';

// Proposals and plan versions. These calls name a proposal in their path, so they never add the
// open proposal's `?proposal=` as the plan calls do.

type CallOptions = Omit<ApiFetchOptions, 'token'>;
export type SettableProposalStatus = 'draft' | 'ready_for_review' | 'closed';
export type VersionDiff = Pick<ProposalDiff, 'added' | 'changed' | 'removed'>;
/** The item of the plan a comment is about. */
export type CommentItem = NonNullable<ProposalComment['item']>;
export interface MergeResolution {
  kind: MergeConflictBody['kind'];
  id: string;
  field: string;
  take: 'proposal' | 'live';
}

function call<T>(companyId: string, path: string, options: CallOptions = {}): Promise<T> {
  return authedFetch<T>(`/api/company/${encodeURIComponent(companyId)}/${path}`, options);
}
const one = (proposalId: string, suffix = '') => `proposals/${encodeURIComponent(proposalId)}${suffix}`;

export async function listProposals(companyId: string, signal?: AbortSignal): Promise<Proposal[]> {
  return (await call<{ items: Proposal[] }>(companyId, 'proposals', { signal })).items;
}

/** Opens a proposal: a copy of the live plan as it is now, to edit apart from it. */
export function openProposal(companyId: string, input: { name: string; description?: string }): Promise<Proposal> {
  return call(companyId, 'proposals', { method: 'POST', body: input });
}

export function getProposal(companyId: string, proposalId: string, signal?: AbortSignal): Promise<ProposalDetail> {
  return call(companyId, one(proposalId), { signal });
}

/** What the proposal changes against its base version, with event schemas and lint before and after. */
export function getProposalDiff(companyId: string, proposalId: string, signal?: AbortSignal): Promise<ProposalDiff> {
  return call(companyId, one(proposalId, '/diff'), { signal });
}

export function setProposalStatus(
  companyId: string,
  proposalId: string,
  status: SettableProposalStatus,
): Promise<ProposalDetail> {
  return call(companyId, one(proposalId, '/status'), { method: 'POST', body: { status } });
}

export function reviewProposal(
  companyId: string,
  proposalId: string,
  review: { decision: ReviewDecision; comment: string },
): Promise<ProposalDetail> {
  return call(companyId, one(proposalId, '/reviews'), { method: 'POST', body: review });
}

/** Asks members to review by id (added to those already asked); answers the proposal with its reviewers. */
export function requestReviewers(companyId: string, proposalId: string, userIds: string[]): Promise<ProposalDetail> {
  return call(companyId, one(proposalId, '/reviewers'), { method: 'POST', body: { userIds } });
}

/** The proposal's comments, oldest first: on the proposal, or on one item of its plan (`item`). */
export async function listProposalComments(
  companyId: string,
  proposalId: string,
  signal?: AbortSignal,
): Promise<ProposalComment[]> {
  return (await call<{ items: ProposalComment[] }>(companyId, one(proposalId, '/comments'), { signal })).items;
}

export function commentOnProposal(
  companyId: string,
  proposalId: string,
  input: { body: string; item?: CommentItem },
): Promise<ProposalComment> {
  return call(companyId, one(proposalId, '/comments'), { method: 'POST', body: input });
}

/** Keeps the author's choices; answers the conflicts still open. */
export async function resolveProposal(
  companyId: string,
  proposalId: string,
  resolutions: MergeResolution[],
): Promise<MergeConflictBody[]> {
  const answer = await call<{ conflicts: MergeConflictBody[] }>(companyId, one(proposalId, '/resolve'), {
    method: 'POST',
    body: { resolutions },
  });
  return answer.conflicts;
}

/** Merges into the live plan; answers the plan version it made. */
export function mergeProposal(companyId: string, proposalId: string): Promise<PlanVersion> {
  return call(companyId, one(proposalId, '/merge'), { method: 'POST' });
}

/** The conflicts a refused merge names (409 `merge_conflict`), or null for any other error. */
export function mergeConflictsOf(error: unknown): MergeConflictBody[] | null {
  if (!(error instanceof ApiError) || error.code !== 'merge_conflict') return null;
  const conflicts = (error.body as { conflicts?: unknown }).conflicts;
  return Array.isArray(conflicts) ? (conflicts as MergeConflictBody[]) : [];
}

export async function listPlanVersions(companyId: string, signal?: AbortSignal): Promise<PlanVersion[]> {
  return (await call<{ items: PlanVersion[] }>(companyId, 'plan-versions', { signal })).items;
}

/** A version as a native plan file (text). */
export function exportPlanVersion(companyId: string, version: number): Promise<string> {
  return call(companyId, `plan-versions/${version}/export`, { responseType: 'text' });
}

/** What changed from `against` to `version`. */
export function diffPlanVersions(companyId: string, version: number, against: number): Promise<VersionDiff> {
  return call(companyId, `plan-versions/${version}/diff`, { query: { against } });
}
