import { AppError } from '@tracemap/service-kit';
import { audited } from '../core/audit';
import type { CompanyDeps } from '../core/deps';
import { MESSAGES } from '../core/messages';
import { hasAccess, rank, type Role } from '../core/roles';
import { tenantTransaction } from '../core/tenant';
import { lockMemberships, updateMembershipRole } from '../core/membership-repository';

export interface ChangeRoleInput {
  companyId: string;
  actorUserId: string;
  targetUserId: string;
  role: Role;
}

/**
 * Role rules (checked on the locked memberships, not on what the request
 * saw a moment earlier): only owners make or change owners, nobody raises
 * their own role, and a company always keeps an owner.
 */
export async function changeMemberRole(deps: CompanyDeps, input: ChangeRoleInput) {
  const result = await tenantTransaction(
    deps.db,
    { companyId: input.companyId, userId: input.actorUserId },
    async (client) => {
      const members = await lockMemberships(client, input.companyId);
      const actor = members.find((m) => m.userId === input.actorUserId);
      if (!actor) throw new AppError(404, 'company_not_found', MESSAGES.companyNotFound);
      if (!hasAccess(actor.role, 'admin')) throw new AppError(403, 'forbidden', MESSAGES.forbidden);
      const target = members.find((m) => m.userId === input.targetUserId);
      if (!target) throw new AppError(404, 'member_not_found', MESSAGES.memberNotFound);
      if (target.role === input.role) return { userId: target.userId, role: target.role, changed: false };
      if (target.userId === actor.userId && rank(input.role) > rank(actor.role)) {
        throw new AppError(403, 'forbidden', MESSAGES.noSelfUpgrade);
      }
      if (actor.role !== 'owner' && (input.role === 'owner' || target.role === 'owner')) {
        throw new AppError(403, 'forbidden', MESSAGES.ownerOnlyByOwner);
      }
      if (target.role === 'owner' && members.filter((m) => m.role === 'owner').length === 1) {
        throw new AppError(409, 'last_owner', MESSAGES.lastOwner);
      }
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
