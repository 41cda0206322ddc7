import { apiFetch, type FetchFn } from '../api/api-fetch';
import type { AccountUser } from '@tracemap/contracts';
import type { CurrentUser } from '../stores/user-store';

export type { AccountUser };

export type SyncResult = { kind: 'user'; user: CurrentUser } | { kind: 'reset-required' };

export function toCurrentUser(u: AccountUser): CurrentUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName ?? '',
    lastName: u.lastName ?? '',
    emailConfirmed: u.emailConfirmed,
    trialUsed: u.trialUsed,
    isAdmin: u.anamap_admin === true,
    passwordResetRequired: u.passwordResetRequired === true,
    companyPermissions: Array.isArray(u.companyPermissions) ? u.companyPermissions : [],
    ...(Array.isArray(u.degraded) && u.degraded.length > 0 ? { degraded: u.degraded } : {}),
  };
}

const SYNC_CACHE_MS = 2000;
let cached: { token: string; at: number; result: Promise<SyncResult> } | null = null;

/** Forget the cached sync (after a change the next sync must see). */
export function invalidateSync(): void {
  cached = null;
}

/**
 * Syncs the account (token, cached 2 s, silent on 401 — the caller decides what a
 * 401 means). A 205 or `passwordResetRequired` means the password must be reset first.
 */
export function syncAccount(token: string, fetchFn?: FetchFn, now: number = Date.now()): Promise<SyncResult> {
  if (cached && cached.token === token && now - cached.at < SYNC_CACHE_MS) return cached.result;
  let status = 0;
  const base: FetchFn = fetchFn ?? ((i, init) => fetch(i, init));
  const recording: FetchFn = async (input, init) => {
    const res = await base(input, init);
    status = res.status;
    return res;
  };
  const result = apiFetch<AccountUser | undefined>('/api/account/sync', { token, fetchFn: recording }).then(
    (body): SyncResult => {
      if (status === 205 || !body || body.passwordResetRequired) return { kind: 'reset-required' };
      return { kind: 'user', user: toCurrentUser(body) };
    },
  );
  cached = { token, at: now, result };
  result.catch(() => {
    if (cached?.result === result) cached = null;
  });
  return result;
}
