import { MESSAGES } from '@tracemap/contracts';
// Loaded on demand (see user-loader.ts), so everything shared comes through the package entry:
// the chunk then uses the one shared session and stores without splitting the entry's own code.
import {
  ApiError,
  apiFetch,
  currentAccessToken,
  getSupabase,
  invalidateSync,
  resetStores,
  syncAccount,
  useCompanyStore,
  useNoticeStore,
  useUserStore,
  type CurrentUser,
} from '@tracemap/shell-core';
import { setCurrentCompany } from '@tracemap/shell-core/company-access';
import { saveAccount } from '../stores/saved-account';
import { scheduleDegradedRetry, stopDegradedRetry } from './degraded-retry';

export type EstablishOutcome =
  | { kind: 'user'; user: CurrentUser }
  | { kind: 'reset-required' }
  | { kind: 'unauthorized' }
  /** The session still lacks its second factor: the login page asks for it; nothing is cleared. */
  | { kind: 'mfa-required' }
  | { kind: 'failed'; error: unknown };

let inflight: { token: string; promise: Promise<EstablishOutcome> } | null = null;

async function signOutLocally(): Promise<void> {
  try {
    const client = await getSupabase();
    await client.auth.signOut({ scope: 'local' });
  } catch {
    // state is cleared by the caller regardless
  }
  invalidateSync();
  stopDegradedRetry();
  resetStores();
}

/** A saved copy shown while the sync ran must not outlive a sync that did not confirm it. */
function dropSavedCopy(): void {
  if (useUserStore.getState().savedCopy) useUserStore.getState().reset();
}

/**
 * A degraded answer keeps what the shell already knows for the parts it could not vouch for:
 * when the company service was down and the answer has no permissions, the ones known before
 * (this page's or the saved copy's, for the same user) stay.
 */
function withKnownParts(user: CurrentUser): CurrentUser {
  if (!user.degraded?.includes('companyPermissions')) return user;
  const known = useUserStore.getState().user;
  if (known?.id !== user.id || !known.companyPermissions?.length || user.companyPermissions?.length) return user;
  return { ...user, companyPermissions: known.companyPermissions };
}

/**
 * The login steps after sign-in, for a fresh session: a 205 / passwordResetRequired revokes every
 * session, triggers the reset email, signs out and clears state; otherwise the user is stored
 * and the first company of companyPermissions becomes the current company.
 */
async function establish(token: string): Promise<EstablishOutcome> {
  let result;
  try {
    result = await syncAccount(token);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 401 && error.code === 'mfa_required') {
      dropSavedCopy();
      return { kind: 'mfa-required' };
    }
    if (error instanceof ApiError && error.statusCode === 401) {
      // Sync is silent: the session is dead (revoked elsewhere); forget it without redirecting.
      await signOutLocally();
      return { kind: 'unauthorized' };
    }
    useUserStore
      .getState()
      .setLoadError(error instanceof ApiError ? error.message : 'Could not sync your account. Try again later.');
    return { kind: 'failed', error };
  }
  if (result.kind === 'reset-required') {
    const email = useUserStore.getState().user?.email ?? (await sessionEmail());
    await apiFetch('/api/account/revoke-sessions', { method: 'POST', token }).catch(() => undefined);
    if (email)
      await apiFetch('/api/account/forgot-password', { method: 'POST', body: { email } }).catch(() => undefined);
    await signOutLocally();
    useNoticeStore.getState().setNotice(MESSAGES.passwordResetRequired);
    return { kind: 'reset-required' };
  }
  const user = withKnownParts(result.user);
  useUserStore.getState().setUser(user);
  saveAccount(user);
  const current = useCompanyStore.getState().currentCompanyId;
  const permitted = user.companyPermissions ?? [];
  const companiesKnown = !user.degraded?.includes('companyPermissions');
  // A fallback list does not prove the current company was lost: it is kept until the company service answers.
  if (!current || (companiesKnown && !permitted.some((p) => p.id === current)))
    setCurrentCompany(permitted[0]?.id ?? null, permitted);
  if (user.degraded?.length) scheduleDegradedRetry(() => void retryDegradedSync(token));
  else stopDegradedRetry();
  return { kind: 'user', user };
}

/** Syncs again after a degraded answer, with the session's current token. */
async function retryDegradedSync(token: string): Promise<void> {
  const now = (await currentAccessToken()) ?? token;
  const user = useUserStore.getState().user;
  if (!user) return;
  invalidateSync();
  if (inflight?.token === now) inflight = null;
  await establishUser(now);
}

async function sessionEmail(): Promise<string | undefined> {
  try {
    const client = await getSupabase();
    const { data } = await client.auth.getSession();
    return data.session?.user?.email ?? undefined;
  } catch {
    return undefined;
  }
}

/** Loads the user for this access token once (login and the auth listener share the work). */
export function establishUser(token: string): Promise<EstablishOutcome> {
  if (inflight && inflight.token === token) return inflight.promise;
  const promise = establish(token).then((outcome) => {
    // A failed load may be retried with the same token.
    if (outcome.kind === 'failed' && inflight?.promise === promise) inflight = null;
    return outcome;
  });
  inflight = { token, promise };
  return promise;
}

/** Loads the signed-in user again after a failed sync (the Retry of a loading screen). */
export async function retryUserLoad(): Promise<EstablishOutcome | null> {
  const token = await currentAccessToken();
  if (!token) return null;
  useUserStore.getState().setLoadError(null);
  return establishUser(token);
}

/** Forget the shared result (logout; tests). */
export function forgetEstablishedUser(): void {
  inflight = null;
}
