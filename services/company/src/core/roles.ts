import { COMPANY_ROLES, type CompanyRole } from '@tracemap/contracts';

export const ROLES = COMPANY_ROLES;
export type Role = CompanyRole;

/** What a route asks of the caller's role. */
export type Access = 'member' | 'edit' | 'admin' | 'owner';

const RANK: Record<Role, number> = { viewer: 1, creator: 2, admin: 3, owner: 4 };
const MIN_RANK: Record<Access, number> = { member: 1, edit: 2, admin: 3, owner: 4 };

export function rank(role: Role): number {
  return RANK[role];
}

export function hasAccess(role: Role, access: Access): boolean {
  return RANK[role] >= MIN_RANK[access];
}
