import { withTransaction } from '@tracemap/service-kit';
import type { SharedVersions, ShellContract } from '@tracemap/contracts';
import { insertAudit } from '../audit/audit-repository';
import type { AdminContext } from '../admin-context';
import { saveShellContract } from './releases-repository';

/** Records what the deployed shell provides (done with each shell deploy); later releases are checked against it. */
export async function recordShellContract(ctx: AdminContext, provides: SharedVersions): Promise<ShellContract> {
  return withTransaction(ctx.deps.pool, async (client) => {
    const contract = await saveShellContract(client, provides, ctx.actor.email);
    await insertAudit(client, {
      actor: ctx.actor,
      action: 'release.shell_recorded',
      targetType: 'shell',
      details: { provides },
    });
    return contract;
  });
}
