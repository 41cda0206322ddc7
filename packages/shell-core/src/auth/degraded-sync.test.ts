import type { AccountUser } from '@tracemap/contracts';
import {
  COMPANY_OUTAGE_BANNER_ID,
  NO_COMPANY_BANNER_ID,
  setCurrentCompany,
  watchCompanyAccess,
} from '../company/current-company';
import { useBannerStore } from '../stores/banner-state';
import { useCompanyStore } from '../stores/company-state';
import { resetStores } from '../stores/reset-stores';
import { loadSavedAccount, saveAccount, watchSavedAccount } from '../stores/saved-account';
import { useSessionStore } from '../stores/session-store';
import { useUserStore } from '../stores/user-store';
import { invalidateSync } from './account-api';
import { currentAccessToken } from './current-token';
import { degradedRetryDelay, stopDegradedRetry } from './degraded-retry';
import { establishUser, forgetEstablishedUser } from './establish-user';

/** localStorage as a browser has it (Node has none). */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const acme = { id: 'c-acme', name: 'Acme', role: 'owner' as const };
const complete: AccountUser = {
  id: 'u1',
  email: 'ada@example.com',
  emailConfirmed: true,
  trialUsed: false,
  anamap_admin: false,
  passwordResetRequired: false,
  companyPermissions: [acme],
  firstName: 'Ada',
  lastName: 'Lovelace',
};
const companyDown: AccountUser = { ...complete, companyPermissions: [], degraded: ['companyPermissions'] };

/** The sync endpoint as the account service answers it, one answer per call, in order. */
let answers: AccountUser[] = [];
const fetchMock = jest.fn(async (url: string) => {
  if (url !== '/api/account/sync') throw new Error(`unexpected call to ${url}`);
  const next = answers.shift();
  if (!next) throw new Error('no sync answer left');
  return new Response(JSON.stringify(next), { status: 200, headers: { 'content-type': 'application/json' } });
});

const bannerIds = () => useBannerStore.getState().banners.map((b) => b.id);
const farFuture = Math.floor(Date.now() / 1000) + 3600;

let unwatch: () => void;

beforeAll(() => {
  (globalThis as { localStorage?: Storage }).localStorage = new MemoryStorage();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

beforeEach(() => {
  jest.useFakeTimers();
  resetStores();
  invalidateSync();
  forgetEstablishedUser();
  stopDegradedRetry();
  fetchMock.mockClear();
  answers = [];
  // The shell watches the user store for the banners from boot on.
  unwatch = watchCompanyAccess();
  useSessionStore.getState().setSession({ accessToken: 'tok', expiresAt: farFuture, userId: 'u1' });
});

afterEach(() => {
  unwatch();
  stopDegradedRetry();
  jest.useRealTimers();
});

describe('a sync answered while the company service is down', () => {
  test('shows the outage notice, never the "no company access" banner', async () => {
    answers = [companyDown];
    await establishUser('tok');
    expect(bannerIds()).toContain(COMPANY_OUTAGE_BANNER_ID);
    expect(bannerIds()).not.toContain(NO_COMPANY_BANNER_ID);
    expect(useBannerStore.getState().banners.find((b) => b.id === COMPANY_OUTAGE_BANNER_ID)?.message).toBe(
      'Company data is temporarily unavailable — retrying.',
    );
  });

  test('keeps the companies and the current company already known, and is not saved as the last known account', async () => {
    answers = [complete];
    await establishUser('tok');
    expect(useCompanyStore.getState().currentCompanyId).toBe('c-acme');

    invalidateSync();
    forgetEstablishedUser();
    answers = [companyDown];
    await establishUser('tok');
    expect(useUserStore.getState().user).toMatchObject({
      companyPermissions: [acme],
      degraded: ['companyPermissions'],
    });
    expect(useCompanyStore.getState().currentCompanyId).toBe('c-acme');
    expect(loadSavedAccount('u1')?.degraded).toBeUndefined();
    expect(loadSavedAccount('u1')?.companyPermissions).toEqual([acme]);
  });

  test('retries after a growing pause until a complete answer, which ends the notice', async () => {
    answers = [companyDown, companyDown, { ...complete, companyPermissions: [] }];
    await establishUser('tok');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await jest.advanceTimersByTimeAsync(degradedRetryDelay(0));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(bannerIds()).toContain(COMPANY_OUTAGE_BANNER_ID);

    // The second pause is longer than the first.
    await jest.advanceTimersByTimeAsync(degradedRetryDelay(0));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(degradedRetryDelay(1) - degradedRetryDelay(0));
    expect(fetchMock).toHaveBeenCalledTimes(3);

    // Now the company service answered: an empty list is a fact, and says so.
    expect(bannerIds()).not.toContain(COMPANY_OUTAGE_BANNER_ID);
    expect(bannerIds()).toContain(NO_COMPANY_BANNER_ID);
    await jest.advanceTimersByTimeAsync(60000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

describe('the saved copy of the account', () => {
  test('renders at once, but never claims "no company access" before this visit’s sync', async () => {
    saveAccount({ id: 'u1', email: 'ada@example.com', companyPermissions: [] });
    useUserStore.getState().restoreUser(loadSavedAccount('u1')!);
    expect(useUserStore.getState()).toMatchObject({ savedCopy: true, user: { email: 'ada@example.com' } });
    expect(bannerIds()).not.toContain(NO_COMPANY_BANNER_ID);

    answers = [complete];
    await establishUser('tok');
    expect(useUserStore.getState()).toMatchObject({ savedCopy: false, user: { companyPermissions: [acme] } });
    expect(setCurrentCompany('c-acme')).toBe(true);
  });

  test('follows confirmed changes of the user (a name edit) but not the saved copy itself', async () => {
    const stop = watchSavedAccount();
    try {
      answers = [complete];
      await establishUser('tok');
      useUserStore.getState().patchUser({ firstName: 'Augusta Ada' });
      expect(loadSavedAccount('u1')?.firstName).toBe('Augusta Ada');
      useUserStore.getState().restoreUser({ id: 'u1', email: 'old@example.com' });
      expect(loadSavedAccount('u1')?.email).toBe('ada@example.com');
    } finally {
      stop();
    }
  });

  test('is kept only for complete answers and forgotten when the stores are reset', () => {
    saveAccount({ id: 'u2', email: 'b@example.com', degraded: ['companyPermissions'] });
    expect(loadSavedAccount('u2')).toBeNull();
    saveAccount({ id: 'u2', email: 'b@example.com' });
    expect(loadSavedAccount('u2')).toEqual({ id: 'u2', email: 'b@example.com' });
    expect(loadSavedAccount('someone-else')).toBeNull();
    resetStores();
    expect(loadSavedAccount('u2')).toBeNull();
  });
});

describe('the token for a call', () => {
  test('comes from the session while it is good for a while, without loading the sign-in client', async () => {
    await expect(currentAccessToken()).resolves.toBe('tok');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
