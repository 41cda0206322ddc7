import { AppError } from '@tracemap/service-kit';
import type { MergeConflict } from '@tracemap/tracking-plan';

// User-facing messages of proposals, in one place for routes, use cases and tests.
export const PROPOSAL_MESSAGES = {
  notFound: 'Proposal not found',
  closed: 'This proposal is merged or closed: it can no longer change. Open a new proposal.',
  required:
    'This company makes changes to the tracking plan through proposals. Open a proposal (or pick one) and make the change there.',
  mergeConflict:
    'The live plan changed the same fields as this proposal. Choose which side to keep for each conflict, then merge again.',
  approvalsRequired: (have: number, need: number) =>
    `This proposal needs ${need} approval(s) before it can be merged; it has ${have}.`,
  invalidStatus: (from: string, to: string) =>
    `A proposal that is ${from.replace(/_/g, ' ')} cannot become ${to.replace(/_/g, ' ')}.`,
  authorOnly: 'Only the author of the proposal or an admin can change its status.',
  ownReview: 'Authors cannot review their own proposal; ask someone else to review it.',
  notApprover: 'Your role cannot approve proposals in this company.',
  notReviewable: 'Only proposals that are ready for review (or had changes requested) can be reviewed.',
  versionNotFound: 'Plan version not found',
  mergeBreaksPlan:
    'Merged, the plan would break its rules: a name used twice, or an item deleted while something still uses it. Change the proposal (or the live plan) and merge again.',
  unknownReviewer: (id: string) => `Reviewers must be members of the company other than the author; ${id} is not one.`,
  reviewersUnavailable: 'Reviewers cannot be told right now (their addresses are unavailable). Try again in a moment.',
  mergeLintFailed:
    'Merged, the plan would break lint rules the company set to "error". Fix the findings in the proposal and merge again.',
  unknownItem: 'The item commented on is in neither the proposal nor the live plan.',
} as const;

export const PROPOSAL_FAILURE = {
  read: 'Could not load the proposal. Try again later.',
  list: 'Could not load the proposals. Try again later.',
  save: 'Could not save the proposal. Try again later.',
  diff: 'Could not compare the proposal with its base. Try again later.',
  merge: 'Could not merge the proposal. Try again later.',
  versions: 'Could not load the plan versions. Try again later.',
} as const;

export const proposalNotFound = () => new AppError(404, 'proposal_not_found', PROPOSAL_MESSAGES.notFound);
export const proposalClosed = () => new AppError(409, 'proposal_closed', PROPOSAL_MESSAGES.closed);
export const proposalRequired = () => new AppError(409, 'proposal_required', PROPOSAL_MESSAGES.required);
export const mergeConflict = (conflicts: MergeConflict[]) =>
  new AppError(409, 'merge_conflict', PROPOSAL_MESSAGES.mergeConflict, undefined, { conflicts });
export const approvalsRequired = (have: number, need: number) =>
  new AppError(409, 'approvals_required', PROPOSAL_MESSAGES.approvalsRequired(have, need), undefined, {
    approvals: have,
    approvalsRequired: need,
  });
export const mergeBreaksPlan = () => new AppError(409, 'merge_breaks_plan', PROPOSAL_MESSAGES.mergeBreaksPlan);
