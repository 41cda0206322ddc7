// Company tests and scripts mint access tokens with the shared test key helper.
export {
  createTokenKit,
  TEST_ISSUER as ISSUER,
  TEST_PUBLIC_URL as PUBLIC_URL,
  type TokenKit,
} from '@tracemap/test-kit';
