import { AppError, type InternalClient } from '@tracemap/service-kit';
import { companyInternalClient, type CompanyRole } from '@tracemap/contracts';

/**
 * The company service behind its internal contract. Authorization needs it: when it is down,
 * requests answer 503 rather than guess a role.
 */
export function createPeers({ company }: { company: InternalClient }) {
  const companies = companyInternalClient(company);
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
  };
}

export type Peers = ReturnType<typeof createPeers>;
