import type { OutboxDetail, OutboxStats, OutboxSummary } from '@tracemap/mailer';
import { authInternalClient, type AuthInternalInvite } from '@tracemap/contracts';
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

/** The outbox routes every mail-sending service exposes the same way. */
export function outboxClient(call: InternalCall) {
  return {
    search: (query: Record<string, string>, requestId: string) =>
      call<{ emails: OutboxSummary[] }>(`/internal/outbox?${new URLSearchParams(query)}`, { requestId }),
    stats: (requestId: string) => call<OutboxStats>('/internal/outbox/stats', { requestId }),
    get: (id: string, requestId: string) =>
      call<OutboxDetail>(`/internal/outbox/${encodeURIComponent(id)}`, { requestId }),
    resend: (id: string, requestId: string) =>
      call<{ outcome: 'queued' | 'already_resent'; id: string }>(`/internal/outbox/${encodeURIComponent(id)}/resend`, {
        method: 'POST',
        requestId,
      }),
  };
}
export type OutboxClient = ReturnType<typeof outboxClient>;
export type AuthAdminApi = ReturnType<typeof createAuthAdminApi>;
