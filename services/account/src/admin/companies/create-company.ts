import type { AdminCreateCompanyInput } from '@tracemap/contracts';
import { upsertProfile } from '../../profile/profile-repository';
import { insertAudit } from '../audit/audit-repository';
import type { AdminContext } from '../admin-context';

/**
 * Creates a company owned by `ownerEmail`: an existing user becomes its owner
 * at once; for a new address the person is invited first (they set a password
 * from the invitation email) and owns the company when they arrive. The
 * request's Idempotency-Key reaches the company service, so a retried click
 * makes one company.
 */
export async function createCompany(ctx: AdminContext, input: AdminCreateCompanyInput, idempotencyKey?: string) {
  let owner = await ctx.deps.authApi.userByEmail(input.ownerEmail, ctx.requestId);
  let ownerInvited = false;
  if (!owner) {
    const invited = await ctx.auth.invite(
      { email: input.ownerEmail, redirectTo: new URL('/reset-password/link', ctx.deps.config.PUBLIC_URL).toString() },
      ctx.requestId,
    );
    owner = { id: invited.id, email: invited.email, emailConfirmed: false };
    ownerInvited = true;
    await upsertProfile(ctx.deps.pool, { userId: invited.id, email: invited.email });
  }
  const { company } = await ctx.company.create(
    { name: input.name.trim(), ownerUserId: owner.id, idempotencyKey },
    ctx.requestId,
  );
  await insertAudit(ctx.deps.pool, {
    actor: ctx.actor,
    action: 'company.created',
    targetType: 'company',
    targetId: company.id,
    details: { name: company.name, ownerEmail: owner.email, ownerInvited },
  });
  return { companyId: company.id, name: company.name, ownerUserId: owner.id, ownerInvited };
}
