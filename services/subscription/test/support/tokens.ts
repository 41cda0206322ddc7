import {
  createTokenKit as createSharedTokenKit,
  TEST_PUBLIC_URL,
  type TokenKit as SharedTokenKit,
} from '@tracemap/test-kit';

export const PUBLIC_URL = TEST_PUBLIC_URL;

export interface TokenKit {
  verifier: SharedTokenKit['verifier'];
  mint(userId: string): Promise<string>;
}

/** Subscription tests only vary the user, so a token is minted from a user id alone. */
export async function createTokenKit(): Promise<TokenKit> {
  const tokens = await createSharedTokenKit();
  return { verifier: tokens.verifier, mint: (userId) => tokens.mint({ sub: userId }) };
}
