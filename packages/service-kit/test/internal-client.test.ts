import { Type } from '@sinclair/typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { AppError, createInternalClient } from '../src';

const Users = Type.Object(
  { users: Type.Array(Type.Object({ id: Type.String(), email: Type.String() }, { additionalProperties: false })) },
  { additionalProperties: false },
);

let peer: FastifyInstance;
let answer: unknown;
let call: ReturnType<typeof createInternalClient>;

beforeAll(async () => {
  peer = Fastify();
  peer.post('/internal/users/lookup', async () => answer);
  call = createInternalClient({ baseUrl: await peer.listen({ port: 0, host: '127.0.0.1' }), serviceToken: 'token' });
});
afterAll(async () => peer.close());

test("an answer that fits the callee's contract comes back typed by it", async () => {
  answer = { users: [{ id: 'u1', email: 'a@example.com' }] };
  const users = await call('/internal/users/lookup', { method: 'POST', body: { ids: ['u1'] }, answer: Users });
  expect(users.users[0].email).toBe('a@example.com');
});

test('an answer outside the contract is a 502, never a value of the wrong shape', async () => {
  for (const wrong of [{ users: 'none' }, { users: [{ id: 'u1' }] }, { users: [], extra: true }]) {
    answer = wrong;
    const failure = await call('/internal/users/lookup', { method: 'POST', body: { ids: [] }, answer: Users }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ statusCode: 502, code: 'upstream_error' });
  }
});

test('without a contract the answer passes as it came', async () => {
  answer = { users: 'none' };
  expect(await call<{ users: string }>('/internal/users/lookup', { method: 'POST', body: {} })).toEqual({
    users: 'none',
  });
});
