import { loginPathFor, safeRedirect, DEFAULT_AFTER_LOGIN } from './redirect';
import { hasAuthCallback, hasAuthCookie } from './auth-cookie';

describe('login redirect parameter', () => {
  test('holds the previous path URL-encoded', () => {
    expect(loginPathFor('/company/x')).toBe('/login?redirect=%2Fcompany%2Fx');
    expect(loginPathFor('/company/x/events?tab=a&b=1')).toBe(
      '/login?redirect=%2Fcompany%2Fx%2Fevents%3Ftab%3Da%26b%3D1',
    );
  });
  test('is left out for / and for the login page itself', () => {
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/login?redirect=%2Fadmin')).toBe('/login');
  });
  test('round-trips through URLSearchParams and safeRedirect', () => {
    const target = '/company/x/views?sort=name#top';
    const param = new URLSearchParams(loginPathFor(target).split('?')[1]).get('redirect');
    expect(safeRedirect(param)).toBe(target);
  });
  test('only same-origin paths are followed after login', () => {
    expect(safeRedirect('/company/x')).toBe('/company/x');
    expect(safeRedirect(null)).toBe(DEFAULT_AFTER_LOGIN);
    expect(safeRedirect('')).toBe(DEFAULT_AFTER_LOGIN);
    for (const evil of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'company/x',
      '/\t/evil.example',
    ]) {
      expect(safeRedirect(evil)).toBe(DEFAULT_AFTER_LOGIN);
    }
  });
  test('never returns to an auth form', () => {
    expect(safeRedirect('/login')).toBe(DEFAULT_AFTER_LOGIN);
    expect(safeRedirect('/reset-password/abc')).toBe(DEFAULT_AFTER_LOGIN);
    expect(safeRedirect('/account')).toBe('/account');
  });
});

describe('session detection without loading the client', () => {
  test('finds the Supabase cookie, chunked or not, but not the PKCE verifier alone', () => {
    expect(hasAuthCookie('a=1; sb-localhost-auth-token=base64-abc')).toBe(true);
    expect(hasAuthCookie('sb-localhost-auth-token.0=base64-abc; sb-localhost-auth-token.1=def')).toBe(true);
    expect(hasAuthCookie('sb-localhost-auth-token-code-verifier=xyz')).toBe(false);
    expect(hasAuthCookie('')).toBe(false);
  });
  test('recognises auth redirects in the URL', () => {
    expect(hasAuthCallback('?code=abc', '')).toBe(true);
    expect(hasAuthCallback('', '#access_token=a&type=recovery')).toBe(true);
    expect(hasAuthCallback('', '#error=access_denied&error_description=Email+link+is+invalid')).toBe(true);
    expect(hasAuthCallback('?tab=1', '#top')).toBe(false);
  });
});
