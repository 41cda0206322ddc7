import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { authError } from './auth-error';

export interface PasswordOptions {
  minLength: number;
  memoryCostKib: number;
  iterations: number;
}

export type WeakReason = 'length' | 'characters' | 'pwned';

// ~49,000 passwords ranked by how often they appear in public breach corpora,
// as shipped by zxcvbn-ts (MIT). Compared case-insensitively.
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  (dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()),
);

export function commonPasswordCount(): number {
  return COMMON_PASSWORDS.size;
}

/** ASVS 5 6.2: a minimum length, no composition rules, no truncation, no common passwords. */
export function passwordWeaknesses(password: string, minLength: number, email?: string): WeakReason[] {
  const reasons: WeakReason[] = [];
  if ([...password].length < minLength) reasons.push('length');
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || (email && (lower === email || lower === email.split('@')[0])))
    reasons.push('pwned');
  return reasons;
}

export function assertStrongPassword(password: string, minLength: number, email?: string): void {
  const reasons = passwordWeaknesses(password, minLength, email);
  if (reasons.length === 0) return;
  const parts: string[] = [];
  if (reasons.includes('length')) parts.push(`Password should be at least ${minLength} characters.`);
  if (reasons.includes('pwned'))
    parts.push('Password is known to be weak and easy to guess, please choose a different one.');
  throw authError(422, 'weak_password', parts.join(' '), { weak_password: { reasons } });
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
  /** Spends the same work as a real check, for users that do not exist. */
  verifyDummy(password: string): Promise<false>;
}

const MAX_PASSWORD_BYTES = 1024;

export async function createPasswordHasher(options: PasswordOptions): Promise<PasswordHasher> {
  // argon2id is the library's default algorithm; the parameters are ASVS 5 Appendix C's floor.
  const params = { memoryCost: options.memoryCostKib, timeCost: options.iterations, parallelism: 1, outputLen: 32 };
  const dummy = await hash('dummy password that never matches', params);
  return {
    hash: (password) => hash(password, params),
    verify: async (hashed, password) => {
      if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) return false;
      try {
        return await verify(hashed, password);
      } catch {
        return false;
      }
    },
    verifyDummy: async (password) => {
      await verify(dummy, password.slice(0, MAX_PASSWORD_BYTES)).catch(() => false);
      return false;
    },
  };
}
