import { AppError, type InternalClient } from '@tracemap/service-kit';
import type { CompanyInfoAnswer, CompanyRole } from '@tracemap/contracts';

export interface BillingContact {
  email: string;
  firstName: string | null;
}

interface Logger {
  warn(obj: object, msg?: string): void;
}

/**
 * The company and account services, behind their internal contracts. Authorization needs the
 * company service: when it is down, billing answers 503 rather than guessing a role.
 */
export function createPeers({ company, account }: { company: InternalClient; account: InternalClient }, log: Logger) {
  const path = (companyId: string) => `/internal/companies/${encodeURIComponent(companyId)}`;

  return {
    /** The caller's role in the company, or null when not a member (or no such company). */
    async role(companyId: string, userId: string, requestId?: string): Promise<CompanyRole | null> {
      try {
        const answer = await company<{ role: CompanyRole }>(
          `${path(companyId)}/members/${encodeURIComponent(userId)}`,
          { requestId },
        );
        return answer.role;
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) return null;
        throw error;
      }
    },

    /** Company info as this member sees it, read fresh (after a billing change). */
    companyInfo(companyId: string, userId: string, requestId?: string): Promise<CompanyInfoAnswer> {
      return company(`${path(companyId)}/info`, { method: 'POST', body: { userId }, requestId });
    },

    /** Owners and admins, who get billing emails. */
    async billingContacts(
      companyId: string,
      requestId?: string,
    ): Promise<{ companyName: string | null; contacts: BillingContact[] }> {
      return company(`${path(companyId)}/billing-contacts`, { requestId });
    },

    /** Tells the company service to forget what it cached about this company's subscription (best effort). */
    async subscriptionChanged(companyId: string, requestId?: string): Promise<void> {
      try {
        await company(`${path(companyId)}/subscription-changed`, { method: 'POST', body: {}, requestId });
      } catch (error) {
        log.warn(
          { err: error, companyId },
          'could not tell the company service about a subscription change; its cache expires on its own',
        );
      }
    },

    /** Marks the user's free trial as used; answers whether it was used before this call. */
    markTrialUsed(userId: string, requestId?: string): Promise<{ trialUsed: true; alreadyUsed: boolean }> {
      return account(`/internal/profiles/${encodeURIComponent(userId)}/trial-used`, {
        method: 'POST',
        body: {},
        requestId,
      });
    },
  };
}

export type Peers = ReturnType<typeof createPeers>;
