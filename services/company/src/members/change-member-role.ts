import { AppError } from '@tracemap/service-kit';
import { audited } from '../core/audit';
import type { CompanyDeps } from '../core/deps';
import { MESSAGES } from '../core/messages';
import { mayAssignRole, mayManageMembers, requireAllowed, type Role } from '../core/roles';
import { tenantTransaction } from '../core/tenant';
import { lockMemberships, updateMembershipRole } from '../core/membership-repository';

export interface ChangeRoleInput {
  companyId: string;
  actorUserId: string;
  targetUserId: string;
  role: Role;
}

/**
 * The role rules (core/roles) judge the locked memberships, not what the
 * request saw a moment earlier: only owners make or change owners, nobody
 * raises their own role, and a company always keeps an owner.
 */
export async function changeMemberRole(deps: CompanyDeps, input: ChangeRoleInput) {
  const result = await tenantTransaction(
    deps.db,
    { companyId: input.companyId, userId: input.actorUserId },
    async (client) => {
      const members = await lockMemberships(client, input.companyId);
      const actor = members.find((m) => m.userId === input.actorUserId);
      if (!actor) throw new AppError(404, 'company_not_found', MESSAGES.companyNotFound);
      // Asked before looking the target up, so low roles cannot probe who is a member.
      requireAllowed(mayManageMembers(actor.role));
      const target = members.find((m) => m.userId === input.targetUserId);
      if (!target) throw new AppError(404, 'member_not_found', MESSAGES.memberNotFound);
      requireAllowed(mayAssignRole(actor, target, input.role, members));
      if (target.role === input.role) return { userId: target.userId, role: target.role, changed: false };
      await updateMembershipRole(client, input.companyId, target.userId, input.role);
      return { userId: target.userId, role: input.role, changed: true, from: target.role };
    },
  );
  const answer = { member: { userId: result.userId, role: result.role } };
  if (!('from' in result)) return answer;
  // This replica forgets at once; the others hear the announcement sent with the change.
  deps.memberships.invalidate(input.companyId, result.userId);
  deps.infoCache.invalidate(input.companyId);
  return audited(answer, { targetUserId: result.userId, details: { from: result.from, to: result.role } });
}
