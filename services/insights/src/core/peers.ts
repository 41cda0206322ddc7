import { AppError, type InternalClient } from '@tracemap/service-kit';
import {
  companyInternalClient,
  planSnapshotClient,
  subscriptionInternalClient,
  type AssistantIntakeAnswer,
  type AssistantIntakeBody,
  type CompanyRole,
  type DiscoveryIntakeAnswer,
  type DiscoveryIntakeBody,
  type PlanSnapshotRead,
  type SubscriptionStatus,
} from '@tracemap/contracts';

/**
 * The company and subscription services, behind their internal contracts (a reply outside
 * them is a 502). Authorization needs the company service: when it is down, requests
 * answer 503 rather than guess a role.
 */
export function createPeers({ company, subscription }: { company: InternalClient; subscription: InternalClient }) {
  const companies = companyInternalClient(company);
  const snapshots = planSnapshotClient(company);
  const subscriptions = subscriptionInternalClient(subscription);
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

    /** The company's plan, or `unchanged` when it is still at `knownVersion`. */
    planSnapshot(companyId: string, knownVersion?: string, requestId?: string): Promise<PlanSnapshotRead> {
      return snapshots.planSnapshot(companyId, { knownVersion, requestId });
    },

    /** Discovery's change to the plan, made by the company service's own use cases for the editor in the body. */
    discoveryIntake(companyId: string, body: DiscoveryIntakeBody, requestId?: string): Promise<DiscoveryIntakeAnswer> {
      return companies.discoveryIntake(companyId, body, requestId);
    },

    /** A change the assistant drafted, applied into its draft proposal by the company service's own use cases. */
    assistantIntake(companyId: string, body: AssistantIntakeBody, requestId?: string): Promise<AssistantIntakeAnswer> {
      return companies.assistantIntake(companyId, body, requestId);
    },

    /** The company's subscription status (null: none); throws when billing cannot answer. */
    async subscription(companyId: string, requestId?: string): Promise<{ status: SubscriptionStatus } | null> {
      return (await subscriptions.companySubscription(companyId, requestId)).subscription;
    },
  };
}

export type Peers = ReturnType<typeof createPeers>;
