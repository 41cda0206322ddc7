import { authInternalClient, outboxInternalClient, type AuthInternalInvite } from '@tracemap/contracts';
import type { InternalClient } from '@tracemap/service-kit';

export type { AuthUserSummary, ProcessAbout, AuthUserCounts as UserCounts } from '@tracemap/contracts';

/** The auth service's internal routes for the product-admin area (people, sessions, invitations, its outbox), answers checked against auth's contracts. */
export function createAuthAdminApi(call: InternalCall) {
  const auth = authInternalClient(call);
  return {
    searchUsers: (q: string, limit: number, requestId: string) => auth.searchUsers(q, limit, requestId),
    countUsers: (requestId: string) => auth.countUsers(requestId),
    about: (requestId: string) => auth.about(requestId),
    endSessions: (userId: string, requestId: string) => auth.endSessions(userId, requestId),
    invite: (body: AuthInternalInvite, requestId: string) => auth.invite(body, requestId),
    outbox: outboxClient(call),
  };
}

export type InternalCall = InternalClient;

/** The outbox routes every mail-sending service exposes the same way, answers checked against the outbox routes' contract. */
export function outboxClient(call: InternalCall) {
  return outboxInternalClient(call);
}
export type OutboxClient = ReturnType<typeof outboxClient>;
export type AuthAdminApi = ReturnType<typeof createAuthAdminApi>;
