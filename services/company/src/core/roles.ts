// The company's role rules, in one place and without I/O. The use cases ask them about the
// memberships they have locked, so a rule judges the roles as they are when the change is
// written, not as the request saw them a moment earlier.
import { AppError } from '@tracemap/service-kit';
import { hasAccess, roleRank, type CompanyRole } from '@tracemap/contracts';
import { MESSAGES } from './messages';

// The role names and ranks are shared with the pages, which offer only what the service allows.
export {
  COMPANY_ROLES as ROLES,
  hasAccess,
  type CompanyAccess as Access,
  type CompanyRole as Role,
} from '@tracemap/contracts';

export interface Member {
  userId: string;
  role: CompanyRole;
}

/** Why a rule refuses; each reason has exactly one answer (see `refusalError`). */
export type RoleRefusal =
  'forbidden' | 'no_self_upgrade' | 'owner_only_by_owner' | 'owner_invite_only_by_owner' | 'last_owner';

/** A rule's verdict: `allowed`, or the reason it refuses. */
export type RoleDecision = 'allowed' | RoleRefusal;

const ANSWERS: Record<RoleRefusal, { statusCode: number; code: string; message: string }> = {
  forbidden: { statusCode: 403, code: 'forbidden', message: MESSAGES.forbidden },
  no_self_upgrade: { statusCode: 403, code: 'forbidden', message: MESSAGES.noSelfUpgrade },
  owner_only_by_owner: { statusCode: 403, code: 'forbidden', message: MESSAGES.ownerOnlyByOwner },
  owner_invite_only_by_owner: { statusCode: 403, code: 'forbidden', message: MESSAGES.ownerInviteOnlyByOwner },
  last_owner: { statusCode: 409, code: 'last_owner', message: MESSAGES.lastOwner },
};

/** The API error a refusal answers with. */
export function refusalError(refusal: RoleRefusal): AppError {
  const { statusCode, code, message } = ANSWERS[refusal];
  return new AppError(statusCode, code, message);
}

/** Throws the refusal's error unless the decision allows. */
export function requireAllowed(decision: RoleDecision): void {
  if (decision !== 'allowed') throw refusalError(decision);
}

const isOwner = (role: CompanyRole) => role === 'owner';

/**
 * Changing other members' roles or removing them needs admin rights. Use cases ask this before
 * looking the target up, so a lower role cannot probe who is a member.
 */
export function mayManageMembers(actor: CompanyRole): RoleDecision {
  return hasAccess(actor, 'admin') ? 'allowed' : 'forbidden';
}

/**
 * A company always keeps an owner: the last one can neither step down (`newRole` below owner) nor
 * leave or be removed (`newRole` null).
 */
export function keepsAnOwner(members: readonly Member[], target: Member, newRole: CompanyRole | null): RoleDecision {
  if (!isOwner(target.role) || (newRole !== null && isOwner(newRole))) return 'allowed';
  return members.filter((m) => isOwner(m.role)).length > 1 ? 'allowed' : 'last_owner';
}

/**
 * Giving `target` the role `newRole`, among `members` (the company's memberships, the target's
 * included): admin rights are needed; giving the role the target already has changes nothing
 * and is allowed; nobody raises their own role; only owners make owners or change an owner; and
 * the company keeps an owner.
 */
export function mayAssignRole(
  actor: Member,
  target: Member,
  newRole: CompanyRole,
  members: readonly Member[],
): RoleDecision {
  if (mayManageMembers(actor.role) !== 'allowed') return 'forbidden';
  if (newRole === target.role) return 'allowed';
  if (target.userId === actor.userId && roleRank(newRole) > roleRank(actor.role)) return 'no_self_upgrade';
  if (!isOwner(actor.role) && (isOwner(newRole) || isOwner(target.role))) return 'owner_only_by_owner';
  return keepsAnOwner(members, target, newRole);
}

/**
 * Taking `target` out of the company: any member may leave; removing someone else needs admin
 * rights, and removing an owner an owner; the company keeps an owner either way.
 */
export function mayRemoveMember(actor: Member, target: Member, members: readonly Member[]): RoleDecision {
  if (target.userId !== actor.userId) {
    if (mayManageMembers(actor.role) !== 'allowed') return 'forbidden';
    if (isOwner(target.role) && !isOwner(actor.role)) return 'owner_only_by_owner';
  }
  return keepsAnOwner(members, target, null);
}

/**
 * Inviting someone as `role`, and resending or revoking an invitation for that role: admin rights
 * are needed, and an owner invitation only an owner sends, resends or revokes.
 */
export function mayInviteAs(actor: CompanyRole, role: CompanyRole): RoleDecision {
  if (!hasAccess(actor, 'admin')) return 'forbidden';
  return isOwner(role) && !isOwner(actor) ? 'owner_invite_only_by_owner' : 'allowed';
}
