import type { OutboxDetail, OutboxStats, OutboxSummary } from '@tracemap/mailer';
import type { InternalClient } from '@tracemap/service-kit';

export interface AuthUserSummary {
  id: string;
  email: string;
  emailConfirmed: boolean;
  firstName: string;
  lastName: string;
  createdAt: string;
  lastSignInAt: string | null;
  invited: boolean;
}

/** What a service says about its own process. */
export interface ProcessAbout {
  version: string | null;
  uptimeSeconds: number;
}

export interface UserCounts {
  total: number;
  confirmed: number;
  newThisWeek: number;
  dailySignups: number[];
}

/** The auth service's internal routes for the product-admin area (people, sessions, invitations, its outbox). */
export function createAuthAdminApi(call: InternalCall) {
  return {
    searchUsers: (q: string, limit: number, requestId: string) =>
      call<{ users: AuthUserSummary[] }>(`/internal/admin/users?${new URLSearchParams({ q, limit: String(limit) })}`, { requestId }),
    countUsers: (requestId: string) => call<UserCounts>('/internal/admin/users/stats', { requestId }),
    about: (requestId: string) => call<ProcessAbout>('/internal/admin/about', { requestId }),
    endSessions: (userId: string, requestId: string) =>
      call<{ ended: number }>(`/internal/admin/users/${encodeURIComponent(userId)}/sessions/end`, { method: 'POST', requestId }),
    invite: (body: { email: string; firstName?: string; lastName?: string; redirectTo?: string }, requestId: string) =>
      call<{ id: string; email: string }>('/internal/admin/users/invite', { method: 'POST', body, requestId }),
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
    get: (id: string, requestId: string) => call<OutboxDetail>(`/internal/outbox/${encodeURIComponent(id)}`, { requestId }),
    resend: (id: string, requestId: string) =>
      call<{ outcome: 'queued' | 'already_resent'; id: string }>(`/internal/outbox/${encodeURIComponent(id)}/resend`, { method: 'POST', requestId }),
  };
}
export type OutboxClient = ReturnType<typeof outboxClient>;
export type AuthAdminApi = ReturnType<typeof createAuthAdminApi>;
