const calls: string[] = [];
const signOut = jest.fn(async () => void calls.push('signOut'));
const claimInvitation = jest.fn();
const acceptInvitation = jest.fn();
const logIn = jest.fn();

jest.mock('@tracemap/shell-core', () => {
  class ApiError extends Error {
    constructor(
      readonly statusCode: number,
      readonly code: string,
      message: string,
    ) {
      super(message);
    }
  }
  return {
    ApiError,
    getSupabase: async () => ({ auth: { signOut } }),
    invalidateSync: () => undefined,
    resetStores: () => void calls.push('resetStores'),
  };
});
jest.mock('@tracemap/shell-core/company-api', () => ({
  claimInvitation: (...args: unknown[]) => claimInvitation(...args),
  acceptInvitation: (...args: unknown[]) => acceptInvitation(...args),
}));
jest.mock('@tracemap/shell-core/login', () => ({
  logIn: (...args: unknown[]) => logIn(...args),
  normalizeEmail: (e: string) => e.trim().toLowerCase(),
}));

import { ApiError } from '@tracemap/shell-core';
import { joinAsExistingUser, joinAsNewUser, logInAndJoin } from './invitation-actions';

const invitation = {
  invitationId: 'inv-1',
  companyId: 'co-1',
  companyName: 'Acme',
  inviterName: 'Alice',
  email: 'Bob@Example.com',
  firstName: 'Bob',
  lastName: 'B',
  role: 'creator' as const,
  status: 'pending' as const,
  expiresAt: '2030-01-01T00:00:00.000Z',
};
const input = { token: 't'.repeat(32), password: 'a long passphrase', firstName: 'Bob', lastName: 'B' };

beforeEach(() => {
  calls.length = 0;
  jest.clearAllMocks();
});

test('a new user: signs out first, claims with the one-time token, then signs in with the new password', async () => {
  claimInvitation.mockImplementation(async () => {
    calls.push('claim');
    return { companyId: 'co-1', role: 'creator', email: 'bob@example.com' };
  });
  logIn.mockImplementation(async () => {
    calls.push('logIn');
    return { ok: true, mfa: null };
  });
  await expect(joinAsNewUser(invitation, input)).resolves.toEqual({ ok: true, companyId: 'co-1' });
  expect(calls).toEqual(['signOut', 'resetStores', 'claim', 'logIn']);
  expect(claimInvitation).toHaveBeenCalledWith('inv-1', input);
  expect(logIn).toHaveBeenCalledWith('bob@example.com', input.password);
});

test('a used or expired code shows the service message as it is, and nobody is signed in', async () => {
  const gone = 'Your one time verification code was already used or has expired.';
  claimInvitation.mockRejectedValue(
    new (ApiError as unknown as new (s: number, c: string, m: string) => Error)(410, 'invitation_gone', gone),
  );
  await expect(joinAsNewUser(invitation, input)).resolves.toEqual({ ok: false, message: gone, accountExists: false });
  expect(logIn).not.toHaveBeenCalled();
});

test('an address that already has an account is told to log in instead', async () => {
  claimInvitation.mockRejectedValue(
    new (ApiError as unknown as new (s: number, c: string, m: string) => Error)(409, 'email_exists', 'Log in.'),
  );
  await expect(joinAsNewUser(invitation, input)).resolves.toMatchObject({ ok: false, accountExists: true });
});

test('an existing user logs in with the invited email, then accepts with the lower-cased email', async () => {
  logIn.mockResolvedValue({ ok: true, mfa: null });
  acceptInvitation.mockResolvedValue({ companyId: 'co-1', role: 'creator' });
  await expect(logInAndJoin(invitation, 'secret', { firstName: 'Bob', lastName: 'B' })).resolves.toEqual({
    ok: true,
    companyId: 'co-1',
  });
  expect(logIn).toHaveBeenCalledWith('Bob@Example.com', 'secret');
  expect(acceptInvitation).toHaveBeenCalledWith({
    invitationId: 'inv-1',
    email: 'bob@example.com',
    firstName: 'Bob',
    lastName: 'B',
  });
});

test('a failed login stops before accepting', async () => {
  logIn.mockResolvedValue({ ok: false, reason: 'invalid', message: 'Email or password are invalid' });
  await expect(logInAndJoin(invitation, 'wrong', { firstName: 'Bob', lastName: 'B' })).resolves.toEqual({
    ok: false,
    message: 'Email or password are invalid',
  });
  expect(acceptInvitation).not.toHaveBeenCalled();
});

test('accepting while signed in as the invitee', async () => {
  acceptInvitation.mockResolvedValue({ companyId: 'co-1', role: 'creator' });
  await expect(joinAsExistingUser(invitation, { firstName: ' Bob ', lastName: 'B' })).resolves.toEqual({
    ok: true,
    companyId: 'co-1',
  });
  expect(acceptInvitation).toHaveBeenCalledWith(expect.objectContaining({ firstName: 'Bob' }));
});
