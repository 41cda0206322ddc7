import type { CheckedCall } from './auth/internal-client';
import { ProductAdminResponse, ProfilesLookupResponse, TrialUsedResponse } from './account';

const user = (userId: string) => encodeURIComponent(userId);

/** The account service's `/internal/*` routes, for the services that call them (company, subscription, the billing sandbox). */
export function accountInternalClient(call: CheckedCall) {
  return {
    lookupProfiles: (ids: string[], requestId?: string) =>
      call('/internal/profiles/lookup', { method: 'POST', body: { ids }, requestId, answer: ProfilesLookupResponse }),
    markTrialUsed: (userId: string, requestId?: string) =>
      call(`/internal/profiles/${user(userId)}/trial-used`, {
        method: 'POST',
        body: {},
        requestId,
        answer: TrialUsedResponse,
      }),
    productAdmin: (userId: string, requestId?: string) =>
      call(`/internal/users/${user(userId)}/product-admin`, { requestId, answer: ProductAdminResponse }),
  };
}
export type AccountInternalClient = ReturnType<typeof accountInternalClient>;
