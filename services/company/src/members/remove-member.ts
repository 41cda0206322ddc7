import { AppError } from '@tracemap/service-kit';
import { audited } from '../core/audit';
import type { CompanyDeps } from '../core/deps';
import { MESSAGES } from '../core/messages';
import { mayManageMembers, mayRemoveMember, requireAllowed } from '../core/roles';
import { tenantTransaction } from '../core/tenant';
import { deleteMembership, lockMemberships } from '../core/membership-repository';

/**
 * Removes a member, or lets a member leave. Only admins remove others, only
 * owners remove owners, and the last owner can neither leave nor be removed.
 */
export async function removeMember(
  deps: CompanyDeps,
  input: { companyId: string; actorUserId: string; targetUserId: string },
) {
  const removed = await tenantTransaction(
    deps.db,
    { companyId: input.companyId, userId: input.actorUserId },
    async (client) => {
      const members = await lockMemberships(client, input.companyId);
      const actor = members.find((m) => m.userId === input.actorUserId);
      if (!actor) throw new AppError(404, 'company_not_found', MESSAGES.companyNotFound);
      const leaving = input.targetUserId === actor.userId;
      // Asked before looking the target up, so low roles cannot probe who is a member.
      if (!leaving) requireAllowed(mayManageMembers(actor.role));
      const target = members.find((m) => m.userId === input.targetUserId);
      if (!target) throw new AppError(404, 'member_not_found', MESSAGES.memberNotFound);
      requireAllowed(mayRemoveMember(actor, target, members));
      await deleteMembership(client, input.companyId, target.userId);
      return { leaving, role: target.role };
    },
  );
  // This replica forgets at once; the others hear the announcement sent with the change.
  deps.memberships.invalidate(input.companyId, input.targetUserId);
  deps.infoCache.invalidate(input.companyId);
  return audited(
    { removed: { companyId: input.companyId, userId: input.targetUserId } },
    {
      action: removed.leaving ? 'membership.left' : 'membership.removed',
      targetUserId: input.targetUserId,
      details: { role: removed.role },
    },
  );
}
