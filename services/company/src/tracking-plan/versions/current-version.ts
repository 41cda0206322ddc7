import type { Queryable } from '@tracemap/service-kit';
import { canonicalJson } from '@tracemap/service-kit';
import type { NativePlan } from '@tracemap/contracts';
import { exportNative, insertVersion, latestVersion } from './version-repository';

/**
 * The version that is the live plan as it is now: the last one when nothing
 * changed since, else a new one taken from the live plan (the first is taken
 * when the first proposal opens). A proposal starts from it, so the merge
 * later tells its changes from the live plan's by this exact content.
 */
export async function currentVersion(
  db: Queryable,
  companyId: string,
  userId: string,
): Promise<{ version: number; plan: NativePlan }> {
  const live = await exportNative(db, companyId);
  const last = await latestVersion(db, companyId);
  if (last && canonicalJson(last.plan) === canonicalJson(live)) return last;
  const created = await insertVersion(db, companyId, { plan: live, proposalId: null, createdBy: userId });
  return { version: created.version, plan: live };
}
