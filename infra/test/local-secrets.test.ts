import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { localSecrets } from '../src/stack';

const folder = () => mkdtempSync(path.join(os.tmpdir(), 'tracemap-secrets-'));

test('each data folder gets its own sandbox webhook secret, kept across restarts', () => {
  const first = folder();
  const second = folder();
  const a = localSecrets(first).SANDBOX_WEBHOOK_SECRET;
  const b = localSecrets(second).SANDBOX_WEBHOOK_SECRET;
  expect(a).toMatch(/^whsec_[\w-]{40,}$/);
  expect(b).toMatch(/^whsec_[\w-]{40,}$/);
  expect(a).not.toBe(b);
  expect(a).not.toBe('whsec_tracemap_sandbox');
  expect(localSecrets(first).SANDBOX_WEBHOOK_SECRET).toBe(a);
  expect(statSync(path.join(first, 'local-secrets.json')).mode & 0o777).toBe(0o600);
});

test('a data folder made before the sandbox secret existed gets one and keeps its other keys', () => {
  const dir = folder();
  const file = path.join(dir, 'local-secrets.json');
  const older = {
    INTERNAL_SERVICE_TOKEN: 'kept-token',
    AUTH_PUBLIC_KEY: 'tm_public_kept',
    AUTH_SERVICE_ROLE_KEY: 'tm_service_kept',
  };
  writeFileSync(file, JSON.stringify(older), { mode: 0o600 });
  const secrets = localSecrets(dir);
  expect(secrets).toMatchObject(older);
  expect(secrets.SANDBOX_WEBHOOK_SECRET).toMatch(/^whsec_[\w-]{40,}$/);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(secrets);
});

test('each data folder gets its own sandbox API key, kept across restarts, never the old built-in one', () => {
  const first = folder();
  const a = localSecrets(first).SANDBOX_SECRET_KEY;
  const b = localSecrets(folder()).SANDBOX_SECRET_KEY;
  expect(a).toMatch(/^sk_test_[\w-]{40,}$/);
  expect(a).not.toBe(b);
  expect([a, b]).not.toContain('sk_test_tracemap_sandbox');
  expect(localSecrets(first).SANDBOX_SECRET_KEY).toBe(a);
});
