import { AppError, type InternalClient } from '@tracemap/service-kit';
import {
  accountInternalClient,
  companyInternalClient,
  type BillingContactsAnswer,
  type CompanyInfoAnswer,
  type CompanyRole,
  type TrialUsedAnswer,
} from '@tracemap/contracts';

export type { BillingContact } from '@tracemap/contracts';

interface Logger {
  warn(obj: object, msg?: string): void;
}

/**
 * The company and account services, behind their internal contracts. Authorization needs the
 * company service: when it is down, billing answers 503 rather than guessing a role.
 */
export function createPeers({ company, account }: { company: InternalClient; account: InternalClient }, log: Logger) {
  const companies = companyInternalClient(company);
  const accounts = accountInternalClient(account);

  return {
    /** The caller's role in the company, or null when not a member (or no such company). */
    async role(companyId: string, userId: string, requestId?: string): Promise<CompanyRole | null> {
      try {
        return (await companies.memberRole(companyId, userId, requestId)).role;
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) return null;
        throw error;
      }
    },

    /** Company info as this member sees it, read fresh (after a billing change). */
    companyInfo(companyId: string, userId: string, requestId?: string): Promise<CompanyInfoAnswer> {
      return companies.companyInfo(companyId, userId, requestId);
    },

    /** Owners and admins, who get billing emails. */
    billingContacts(companyId: string, requestId?: string): Promise<BillingContactsAnswer> {
      return companies.billingContacts(companyId, requestId);
    },

    /** Tells the company service to forget what it cached about this company's subscription (best effort). */
    async subscriptionChanged(companyId: string, requestId?: string): Promise<void> {
      try {
        await companies.subscriptionChanged(companyId, requestId);
      } catch (error) {
        log.warn(
          { err: error, companyId },
          'could not tell the company service about a subscription change; its cache expires on its own',
        );
      }
    },

    /** Marks the user's free trial as used; answers whether it was used before this call. */
    markTrialUsed(userId: string, requestId?: string): Promise<TrialUsedAnswer> {
      return accounts.markTrialUsed(userId, requestId);
    },
  };
}

export type Peers = ReturnType<typeof createPeers>;
