import { applyAuthEvent, tokenAal } from './apply-auth-event';
import { useBannerStore } from '../stores/banner-state';
import { useCompanyStore } from '../stores/company-state';
import { useSessionStore } from '../stores/session-store';
import { useUserStore } from '../stores/user-store';

function jwt(claims: Record<string, unknown>): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'ES256' })}.${b64(claims)}.sig`;
}

const session = (
  token = jwt({ aal: 'aal1' }),
  user = { id: 'u1', email: 'ada@example.com', email_confirmed_at: '2024-01-01' },
) => ({
  access_token: token,
  expires_at: 2_000_000_000,
  user,
});

beforeEach(() => {
  useSessionStore.setState({ status: 'unknown', session: null, lastEvent: null, recovery: false });
  useUserStore.setState({ user: null });
  useCompanyStore.setState({ currentCompanyId: null });
  useBannerStore.setState({ banners: [] });
});

describe('session store transitions on auth events', () => {
  test('starts unknown; INITIAL_SESSION without a session makes the visitor anonymous', () => {
    expect(useSessionStore.getState().status).toBe('unknown');
    applyAuthEvent('INITIAL_SESSION', null);
    expect(useSessionStore.getState()).toMatchObject({ status: 'anonymous', session: null });
  });

  test.each(['INITIAL_SESSION', 'SIGNED_IN', 'TOKEN_REFRESHED', 'USER_UPDATED', 'MFA_CHALLENGE_VERIFIED'] as const)(
    '%s stores the session',
    (event) => {
      applyAuthEvent(event, session());
      expect(useSessionStore.getState()).toMatchObject({
        status: 'authenticated',
        lastEvent: event,
        recovery: false,
        session: { userId: 'u1', email: 'ada@example.com', expiresAt: 2_000_000_000, aal: 'aal1' },
      });
    },
  );

  test('TOKEN_REFRESHED replaces the token; MFA_CHALLENGE_VERIFIED raises aal', () => {
    applyAuthEvent('SIGNED_IN', session(jwt({ aal: 'aal1', n: 1 })));
    const refreshed = jwt({ aal: 'aal1', n: 2 });
    applyAuthEvent('TOKEN_REFRESHED', session(refreshed));
    expect(useSessionStore.getState().session?.accessToken).toBe(refreshed);
    applyAuthEvent('MFA_CHALLENGE_VERIFIED', session(jwt({ aal: 'aal2' })));
    expect(useSessionStore.getState().session?.aal).toBe('aal2');
  });

  test('PASSWORD_RECOVERY marks a recovery session', () => {
    applyAuthEvent('PASSWORD_RECOVERY', session());
    expect(useSessionStore.getState()).toMatchObject({ status: 'authenticated', recovery: true });
  });

  test('SIGNED_OUT clears every store', () => {
    applyAuthEvent('SIGNED_IN', session());
    useUserStore.getState().setUser({ id: 'u1', email: 'ada@example.com', emailConfirmed: true });
    useCompanyStore.getState().setCurrentCompanyId('c1');
    useBannerStore.getState().show({ id: 'b', message: 'hi' });
    applyAuthEvent('SIGNED_OUT', null);
    expect(useSessionStore.getState()).toMatchObject({ status: 'anonymous', session: null });
    expect(useUserStore.getState().user).toBeNull();
    expect(useCompanyStore.getState().currentCompanyId).toBeNull();
    expect(useBannerStore.getState().banners).toEqual([]);
  });

  test('USER_UPDATED carries a confirmed or changed email into the user store', () => {
    useUserStore.getState().setUser({ id: 'u1', email: 'old@example.com', emailConfirmed: false, firstName: 'Ada' });
    applyAuthEvent(
      'USER_UPDATED',
      session(undefined, { id: 'u1', email: 'new@example.com', email_confirmed_at: '2024-02-02' }),
    );
    expect(useUserStore.getState().user).toEqual({
      id: 'u1',
      email: 'new@example.com',
      emailConfirmed: true,
      firstName: 'Ada',
    });
  });

  test('a different account signing in drops the previous user', () => {
    useUserStore.getState().setUser({ id: 'someone-else', email: 'x@example.com' });
    applyAuthEvent('SIGNED_IN', session());
    expect(useUserStore.getState().user).toBeNull();
  });

  test('tokenAal tolerates tokens it cannot read', () => {
    expect(tokenAal('not-a-jwt')).toBeUndefined();
    expect(tokenAal(jwt({ aal: 'aal2' }))).toBe('aal2');
  });
});
