import { captureRecoveryFragment, clearRecoveryTokens } from './recovery';

afterEach(() => clearRecoveryTokens());

test('a recovery or an invitation link hands its session to the set-password page; other fragments do not', () => {
  expect(captureRecoveryFragment('#access_token=a&refresh_token=r&type=recovery')).toEqual({
    accessToken: 'a',
    refreshToken: 'r',
  });
  expect(captureRecoveryFragment('#access_token=b&refresh_token=s&type=invite')).toEqual({
    accessToken: 'b',
    refreshToken: 's',
  });
  expect(captureRecoveryFragment('#access_token=c&refresh_token=t&type=signup')).toBeNull();
  expect(captureRecoveryFragment('#type=invite')).toBeNull();
});
