import { AppError } from '@tracemap/service-kit';
import { withoutNulls, type AdminCreateUserInput, type NullsDropped } from '@tracemap/contracts';
import { upsertProfile } from '../../profile/profile-repository';
import { runIdempotentCall } from '../../lib/run-idempotent';
import { insertAudit } from '../audit/audit-repository';
import type { AdminContext } from '../admin-context';

export const USER_EXISTS = 'A user with this email already exists.';

/**
 * Invites the person (auth creates a password-less user and emails them a
 * link to set a password) and optionally puts them in a company. Inviting
 * someone who never accepted sends a fresh invitation, so a retry after a
 * failed company step works. With an Idempotency-Key (per admin), a repeated
 * submit answers what the first one did and sends no second invitation; one
 * that arrives while the first is still running gets 409.
 */
export function createUser(ctx: AdminContext, sent: AdminCreateUserInput, idempotencyKey?: string) {
  // A field sent as null is not given, also when a repeated submit is compared with the first.
  const input = withoutNulls(sent);
  return runIdempotentCall(
    ctx.deps.pool,
    { key: idempotencyKey, scope: `admin-create-user:${ctx.actor.userId}`, body: input },
    () => inviteUser(ctx, input),
  );
}

async function inviteUser(ctx: AdminContext, input: NullsDropped<AdminCreateUserInput>) {
  const invited = await ctx.auth
    .invite(
      {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        redirectTo: new URL('/reset-password/link', ctx.deps.config.PUBLIC_URL).toString(),
      },
      ctx.requestId,
    )
    .catch((error: AppError) => {
      if (error.code === 'email_exists') throw new AppError(409, 'user_exists', USER_EXISTS);
      throw error;
    });
  await upsertProfile(ctx.deps.pool, {
    userId: invited.id,
    email: invited.email,
    firstName: input.firstName,
    lastName: input.lastName,
  });
  // Audited as soon as the invitation is out, so a company step that fails leaves the trail right.
  await insertAudit(ctx.deps.pool, {
    actor: ctx.actor,
    action: 'user.created',
    targetType: 'user',
    targetId: invited.id,
    details: { email: invited.email },
  });
  let companyRole: string | null = null;
  if (input.companyId) {
    const added = await ctx.company.addMember(
      input.companyId,
      { userId: invited.id, role: input.role ?? 'viewer' },
      ctx.requestId,
    );
    companyRole = added.role;
    await insertAudit(ctx.deps.pool, {
      actor: ctx.actor,
      action: 'user.added_to_company',
      targetType: 'user',
      targetId: invited.id,
      details: { companyId: input.companyId, role: companyRole },
    });
  }
  return { userId: invited.id, email: invited.email, invited: true, companyRole };
}
