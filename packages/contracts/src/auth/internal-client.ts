import type { Static, TSchema } from '@sinclair/typebox';
import {
  AuthUserCountsResponse,
  AuthUserSearchResponse,
  EndedSessionsResponse,
  InvitedUserResponse,
  ProcessAboutResponse,
  SessionEventsProbeResponse,
  SessionStatusResponse,
  UserByEmailResponse,
  UsersLookupResponse,
  type AuthInternalInvite,
} from './internal';

/**
 * A peer call that checks the answer against the callee's response schema
 * (the service kit's internal client is one): the typed answer is the
 * checked one, not a promise about it.
 */
export type CheckedCall = <S extends TSchema>(
  path: string,
  options: { method?: 'GET' | 'POST'; body?: unknown; requestId?: string; answer: S },
) => Promise<Static<S>>;

const segment = encodeURIComponent;

/** The auth service's `/internal/*` routes, for the services that call them (account, company). */
export function authInternalClient(call: CheckedCall) {
  return {
    sessionStatus: (sessionId: string, requestId?: string) =>
      call(`/internal/sessions/${segment(sessionId)}`, { requestId, answer: SessionStatusResponse }),
    probeSessionEvents: (nonce: string) =>
      call('/internal/session-events/probe', { method: 'POST', body: { nonce }, answer: SessionEventsProbeResponse }),
    lookupUsers: (ids: string[], requestId?: string) =>
      call('/internal/users/lookup', { method: 'POST', body: { ids }, requestId, answer: UsersLookupResponse }),
    userByEmail: (email: string, requestId?: string) =>
      call('/internal/users/by-email', { method: 'POST', body: { email }, requestId, answer: UserByEmailResponse }),
    searchUsers: (q: string, limit: number, requestId?: string) =>
      call(`/internal/admin/users?${new URLSearchParams({ q, limit: String(limit) })}`, {
        requestId,
        answer: AuthUserSearchResponse,
      }),
    countUsers: (requestId?: string) =>
      call('/internal/admin/users/stats', { requestId, answer: AuthUserCountsResponse }),
    about: (requestId?: string) => call('/internal/admin/about', { requestId, answer: ProcessAboutResponse }),
    endSessions: (userId: string, requestId?: string) =>
      call(`/internal/admin/users/${segment(userId)}/sessions/end`, {
        method: 'POST',
        requestId,
        answer: EndedSessionsResponse,
      }),
    invite: (body: AuthInternalInvite, requestId?: string) =>
      call('/internal/admin/users/invite', { method: 'POST', body, requestId, answer: InvitedUserResponse }),
  };
}
export type AuthInternalClient = ReturnType<typeof authInternalClient>;
