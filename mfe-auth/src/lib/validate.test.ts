import { MIN_PASSWORD_LENGTH, signupErrorField, validateEmail, validateNames, validateNewPassword } from './validate';

jest.mock('@tracemap/shell-core', () => ({ MESSAGES: { nameRequired: 'First name and last name are required' } }));

describe('client-side validation', () => {
  test('names: both required, spec message', () => {
    expect(validateNames('Ada', 'Lovelace')).toBeNull();
    expect(validateNames('Ada', '  ')).toBe('First name and last name are required');
    expect(validateNames('', 'Lovelace')).toBe('First name and last name are required');
  });
  test('email: required and shaped like an address', () => {
    expect(validateEmail('')).toBe('Enter your email address.');
    expect(validateEmail('ada')).toMatch(/valid email/);
    expect(validateEmail(' Ada@Example.com ')).toBeNull();
  });
  test('new password: length only, counted in characters', () => {
    expect(validateNewPassword('')).toBe('Enter your password.');
    expect(validateNewPassword('a'.repeat(MIN_PASSWORD_LENGTH - 1))).toMatch(/at least 10/);
    expect(validateNewPassword('a'.repeat(MIN_PASSWORD_LENGTH))).toBeNull();
    expect(validateNewPassword('🔒'.repeat(MIN_PASSWORD_LENGTH))).toBeNull();
  });
});

describe('sign-up error mapping', () => {
  test.each([
    ['Password should be at least 10 characters.', 'password'],
    ['Password is known to be weak and easy to guess, please choose a different one.', 'password'],
    ['Unable to validate email address: invalid format', 'email'],
    ['A user with this email address has already been registered', 'email'],
    ['Signups not allowed for this instance', 'server'],
    ['Request rate limit reached', 'server'],
  ])('%s → %s', (message, field) => {
    expect(signupErrorField(message)).toBe(field);
  });
});
