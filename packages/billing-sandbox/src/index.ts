// What a host service needs to run the sandbox billing provider inside itself.
export { billingSandbox, type BillingSandboxOptions } from './plugin';
export {
  SandboxConfigSchema,
  PUBLISHED_SANDBOX_SECRET_KEY,
  PUBLISHED_SANDBOX_WEBHOOK_SECRET,
  assertSandboxAllowed,
  assertSandboxSecretsSafe,
  isSandboxEnabled,
  withSandboxSecrets,
  type SandboxSettings,
} from './config';
export { sandboxStripeConnection, type StripeConnection } from './connection';
export { migrateBillingSandbox, SANDBOX_MIGRATIONS_DIR, SANDBOX_MIGRATIONS_TABLE } from './migrate-sandbox';
export { signaturesHeader } from './webhooks/sign-payload';
