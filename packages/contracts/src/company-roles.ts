// Company roles and their rules, without I/O or the schema library: the company service enforces
// them and the pages (whose first render must stay small) offer only what they allow.

export const COMPANY_ROLES = ['owner', 'admin', 'creator', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** What an action asks of the caller's role: any member, edit (creator and up), admin rights, or owner. */
export type CompanyAccess = 'member' | 'edit' | 'admin' | 'owner';

const RANK: Record<CompanyRole, number> = { viewer: 1, creator: 2, admin: 3, owner: 4 };
const MIN_RANK: Record<CompanyAccess, number> = { member: 1, edit: 2, admin: 3, owner: 4 };

/** Higher for a role with more rights: a member may not raise their own role above their rank. */
export function roleRank(role: CompanyRole): number {
  return RANK[role];
}

export function hasAccess(role: CompanyRole | null | undefined, access: CompanyAccess): boolean {
  return !!role && RANK[role] >= MIN_RANK[access];
}

/** Admin rights: owner or admin. */
export function hasAdminRights(role: CompanyRole | null | undefined): boolean {
  return hasAccess(role, 'admin');
}

/** Owner-only actions. */
export function isOwner(role: CompanyRole | null | undefined): boolean {
  return role === 'owner';
}

/** Edit access: creator, admin, owner. */
export function hasEditAccess(role: CompanyRole | null | undefined): boolean {
  return hasAccess(role, 'edit');
}

/** Roles an actor may hand out in an invitation: admins everything but owner, owners everything. */
export function invitableRoles(actor: CompanyRole | null | undefined): CompanyRole[] {
  if (!hasAdminRights(actor)) return [];
  return COMPANY_ROLES.filter((r) => r !== 'owner' || isOwner(actor));
}

export interface MemberRef {
  userId: string;
  role: CompanyRole;
}

/**
 * Roles the actor may give the target (excluding the target's current role). An admin can't
 * promote to owner or touch an owner; nobody raises their own role.
 */
export function assignableRoles(actor: MemberRef, target: MemberRef): CompanyRole[] {
  if (!hasAdminRights(actor.role)) return [];
  if (target.role === 'owner' && !isOwner(actor.role)) return [];
  const self = actor.userId === target.userId;
  return COMPANY_ROLES.filter((r) => {
    if (r === target.role) return false;
    if (r === 'owner' && !isOwner(actor.role)) return false;
    if (self && RANK[r] > RANK[actor.role]) return false;
    return true;
  });
}

export function canChangeRole(actor: MemberRef, target: MemberRef): boolean {
  return assignableRoles(actor, target).length > 0;
}

/** Removing someone else needs admin rights, and an owner only by an owner; leaving is the member's own call. */
export function canRemoveMember(actor: MemberRef, target: MemberRef): boolean {
  if (actor.userId === target.userId) return false;
  if (!hasAdminRights(actor.role)) return false;
  return target.role !== 'owner' || isOwner(actor.role);
}

/** Resend and revoke: admin rights; an owner invitation only by an owner. */
export function canManageInvitation(actor: CompanyRole | null | undefined, invitationRole: CompanyRole): boolean {
  if (!hasAdminRights(actor)) return false;
  return invitationRole !== 'owner' || isOwner(actor);
}
