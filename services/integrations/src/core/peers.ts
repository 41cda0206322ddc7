import { AppError, type InternalClient } from '@tracemap/service-kit';
import {
  companyInternalClient,
  lastSyncClient,
  planSnapshotClient,
  type CompanyRole,
  type PlanSnapshot,
} from '@tracemap/contracts';

/**
 * The company service behind its internal contract. Authorization needs it: when it is down,
 * requests answer 503 rather than guess a role.
 */
export function createPeers({ company }: { company: InternalClient }) {
  const companies = companyInternalClient(company);
  const snapshots = planSnapshotClient(company);
  const lastSync = lastSyncClient(company);
  return {
    /** The user's role in the company, or null when not a member (or no such company). */
    async memberRole(companyId: string, userId: string, requestId?: string): Promise<CompanyRole | null> {
      try {
        return (await companies.memberRole(companyId, userId, requestId)).role;
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) return null;
        throw error;
      }
    },

    /** The company's whole plan at its current version (what a push sends). */
    async planSnapshot(companyId: string, requestId?: string): Promise<PlanSnapshot> {
      const read = await snapshots.planSnapshot(companyId, { requestId });
      if (read.status !== 'changed') throw new Error('the company service answered 304 to a read without a version');
      return read.snapshot;
    },

    /** Every destination took the plan: the company's lastSync moves to `at` (never back). */
    moveLastSync(companyId: string, at: Date, requestId?: string) {
      return lastSync.moveLastSync(companyId, at.toISOString(), requestId);
    },
  };
}

export type Peers = ReturnType<typeof createPeers>;
