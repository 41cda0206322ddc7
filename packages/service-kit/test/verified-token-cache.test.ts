import { createTokenKit } from '@tracemap/test-kit';
import { cacheVerifiedTokens, type AccessTokenVerifier } from '../src';

// A token verified moments ago is not verified again, but never past its exp
// and never when it failed.
let verifier: AccessTokenVerifier;
let sign: (expiresInSeconds: number) => Promise<string>;

beforeAll(async () => {
  const tokens = await createTokenKit();
  verifier = tokens.verifier;
  sign = (expiresInSeconds) => tokens.mint({ sub: 'user-1', sessionId: 's-1', expiresInSeconds });
});
afterEach(() => jest.useRealTimers());

function counting() {
  const calls = { count: 0 };
  const verify = cacheVerifiedTokens(async (token) => {
    calls.count += 1;
    return verifier(token);
  });
  return { verify, calls };
}

test('a verified token is answered from memory until its exp, then checked (and refused) again', async () => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  const { verify, calls } = counting();
  const token = await sign(10);
  expect((await verify(token)).sub).toBe('user-1');
  expect((await verify(token)).sub).toBe('user-1');
  expect(calls.count).toBe(1);
  jest.setSystemTime(Date.now() + 11_000);
  await expect(verify(token)).rejects.toMatchObject({ code: 'ERR_JWT_EXPIRED' });
  expect(calls.count).toBe(2);
});

test('a long-lived token is checked again after 30 s; a refused one is never remembered', async () => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  const { verify, calls } = counting();
  const token = await sign(3600);
  await verify(token);
  jest.setSystemTime(Date.now() + 31_000);
  await verify(token);
  expect(calls.count).toBe(2);

  const forged = `${token.slice(0, -4)}AAAA`;
  await expect(verify(forged)).rejects.toBeTruthy();
  await expect(verify(forged)).rejects.toBeTruthy();
  expect(calls.count).toBe(4);
});
