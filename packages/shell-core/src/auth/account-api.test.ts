import type { FetchFn } from '../api/api-fetch';
import { invalidateSync, syncAccount } from './account-api';
import { loginErrorResult, normalizeEmail } from './login';
import { EMAIL_BANNER_ID, updateEmailBanner } from './email-banner';
import { useBannerStore } from '../stores/banner-state';

const body = {
  id: 'u1',
  email: 'ada@example.com',
  emailConfirmed: true,
  trialUsed: false,
  anamap_admin: true,
  passwordResetRequired: false,
  companyPermissions: [{ id: 'c1', name: 'Acme', role: 'owner' }],
  firstName: 'Ada',
  lastName: 'Lovelace',
};

function fetchAnswering(status: number, json?: unknown) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fn: FetchFn = async (url, init) => {
    calls.push({ url, init });
    return new Response(json === undefined || status === 205 ? null : JSON.stringify(json), { status });
  };
  return { fn, calls };
}

beforeEach(() => invalidateSync());

describe('account sync', () => {
  test('maps the user and sends the bearer token', async () => {
    const { fn, calls } = fetchAnswering(200, body);
    await expect(syncAccount('tok', fn)).resolves.toEqual({
      kind: 'user',
      user: { ...body, anamap_admin: undefined, isAdmin: true } as never,
    });
    expect(calls[0].url).toBe('/api/account/sync');
    expect((calls[0].init?.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  test('205 means the password must be reset', async () => {
    await expect(syncAccount('tok', fetchAnswering(205).fn)).resolves.toEqual({ kind: 'reset-required' });
  });

  test('passwordResetRequired in the body means the same', async () => {
    await expect(syncAccount('tok', fetchAnswering(200, { ...body, passwordResetRequired: true }).fn)).resolves.toEqual(
      { kind: 'reset-required' },
    );
  });

  test('is cached for 2 s per token', async () => {
    const { fn, calls } = fetchAnswering(200, body);
    await syncAccount('tok', fn, 1000);
    await syncAccount('tok', fn, 2999);
    expect(calls).toHaveLength(1);
    await syncAccount('tok', fn, 3000);
    expect(calls).toHaveLength(2);
    await syncAccount('other', fn, 3001);
    expect(calls).toHaveLength(3);
  });

  test('a 401 rejects (the caller stays silent) and is not cached', async () => {
    const failing = fetchAnswering(401, {
      statusCode: 401,
      code: 'session_expired',
      message: 'Your session has expired. Please log in again.',
    });
    await expect(syncAccount('tok', failing.fn)).rejects.toMatchObject({ statusCode: 401 });
    const ok = fetchAnswering(200, body);
    await expect(syncAccount('tok', ok.fn)).resolves.toMatchObject({ kind: 'user' });
  });
});

describe('login messages', () => {
  test('bad credentials and other failures', () => {
    expect(loginErrorResult({ code: 'invalid_credentials', message: 'Invalid login credentials' })).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Email or password are invalid',
    });
    expect(loginErrorResult({ message: 'fetch failed', status: 0 })).toEqual({
      ok: false,
      reason: 'failed',
      message: 'Login failed. Please try again.',
    });
    expect(loginErrorResult({ code: 'email_not_confirmed', message: 'Email not confirmed' })).toMatchObject({
      ok: false,
      reason: 'unconfirmed',
    });
  });
  test('emails are lower-cased and trimmed', () => {
    expect(normalizeEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });
});

describe('Email not confirmed banner', () => {
  test('shows for a logged-in unconfirmed user and goes away once confirmed or logged out', () => {
    updateEmailBanner({ id: 'u1', email: 'a@example.com', emailConfirmed: false });
    expect(useBannerStore.getState().banners.map((b) => b.id)).toEqual([EMAIL_BANNER_ID]);
    updateEmailBanner({ id: 'u1', email: 'a@example.com', emailConfirmed: true });
    expect(useBannerStore.getState().banners).toEqual([]);
    updateEmailBanner({ id: 'u1', email: 'a@example.com', emailConfirmed: false });
    updateEmailBanner(null);
    expect(useBannerStore.getState().banners).toEqual([]);
  });
});
