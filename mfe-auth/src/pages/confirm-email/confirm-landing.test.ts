import { confirmLanding, LINK_INVALID } from './confirm-landing';

describe('confirmation landing', () => {
  test('a token in the path is verified as a token hash', () => {
    expect(confirmLanding('abc123', '', '')).toEqual({ kind: 'token', tokenHash: 'abc123' });
  });
  test('a PKCE redirect carries ?code=', () => {
    expect(confirmLanding(undefined, '?code=xyz', '')).toEqual({ kind: 'code', code: 'xyz' });
  });
  test('an expired link says so plainly', () => {
    expect(
      confirmLanding(
        undefined,
        '',
        '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      ),
    ).toEqual({
      kind: 'error',
      message: LINK_INVALID,
    });
  });
  test('nothing to confirm', () => {
    expect(confirmLanding(undefined, '', '')).toEqual({ kind: 'none' });
  });
});
