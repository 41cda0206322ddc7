import type { CheckedCall } from './auth/internal-client';
import { ProductAdminResponse, ProfilesLookupResponse, TrialUsedResponse } from './account';
import { CurrentReleasesResponse } from './remote-releases';

const user = (userId: string) => encodeURIComponent(userId);

/** The account service's `/internal/*` routes, for the services that call them (company, subscription, the billing sandbox, the gateway). */
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
    /** The micro-frontend releases the shell should load now (the gateway's `/remotes.json`). */
    currentReleases: (requestId?: string) =>
      call('/internal/releases/current', { requestId, answer: CurrentReleasesResponse }),
  };
}
export type AccountInternalClient = ReturnType<typeof accountInternalClient>;
