import type { CheckedCall } from './auth/internal-client';
import { CompanySubscriptionAnswer } from './subscription';
import { StartTrialAnswer, SubscriptionStatsAnswer, type StartTrialInput } from './subscription-internal';

const company = (companyId: string) => `/internal/companies/${encodeURIComponent(companyId)}`;

/** The subscription service's `/internal/*` routes, for the services that call them (company, account). */
export function subscriptionInternalClient(call: CheckedCall) {
  return {
    companySubscription: (companyId: string, requestId?: string) =>
      call(`${company(companyId)}/subscription`, { requestId, answer: CompanySubscriptionAnswer }),
    startTrial: (companyId: string, body: StartTrialInput, requestId?: string) =>
      call(`${company(companyId)}/start-trial`, { method: 'POST', body, requestId, answer: StartTrialAnswer }),
    stats: (requestId?: string) =>
      call('/internal/subscriptions/stats', { requestId, answer: SubscriptionStatsAnswer }),
  };
}
export type SubscriptionInternalClient = ReturnType<typeof subscriptionInternalClient>;
