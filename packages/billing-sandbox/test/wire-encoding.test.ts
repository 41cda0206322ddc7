import fc from 'fast-check';
import { SECRET_KEY, startSandbox, type SandboxHarness } from './support/harness';

let h: SandboxHarness;
beforeAll(async () => {
  h = await startSandbox({ env: { SANDBOX_WEBHOOK_WORKER: 'false' } });
});
afterAll(async () => {
  await h?.close();
});

// Text the database can keep (no NUL), and metadata keys without the brackets the form encoding uses.
const text = (max: number) => fc.string({ unit: 'grapheme', maxLength: max }).filter((s) => !s.includes('\u0000'));
const key = fc
  .string({ minLength: 1, maxLength: 40 })
  .filter((s) => !s.includes('[') && !s.includes(']') && !s.includes('\u0000'));

test('whatever metadata the SDK sends comes back unchanged', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.dictionary(
        key,
        text(120).filter((v) => v.length > 0),
        { maxKeys: 6 },
      ),
      text(60),
      async (metadata, name) => {
        const created = await h.stripe.customers.create({ metadata, ...(name ? { name } : {}) });
        const fetched = await h.stripe.customers.retrieve(created.id);
        expect(fetched).toMatchObject({ metadata, name: name || null });
      },
    ),
    { numRuns: 40 },
  );
});

test('the API key is read as the services read a bearer token: scheme in any case, refused when missing or wrong', async () => {
  const call = async (authorization?: string) => {
    const response = await fetch(`${h.base}/v1/prices`, { headers: authorization ? { authorization } : {} });
    return { status: response.status, body: await response.json() };
  };
  expect(await call(`bearer ${SECRET_KEY}`)).toMatchObject({ status: 200, body: { object: 'list' } });
  const missing = await call();
  expect(missing.status).toBe(401);
  expect(missing.body.error.message).toMatch(/^You did not provide an API key/);
  expect((await call('Bearer ')).body.error.message).toMatch(/^You did not provide an API key/);
  const wrong = await call('Bearer sk_test_not_the_sandbox_key');
  expect(wrong.status).toBe(401);
  expect(wrong.body.error.message).toBe('Invalid API Key provided: sk_test_***************_key');
});
