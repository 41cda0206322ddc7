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

test('string formats the contracts use (uuid, date-time) are checked, not refused for being unknown', async () => {
  const Created = Type.Object({ id: Type.String({ format: 'uuid' }), at: Type.String({ format: 'date-time' }) });
  answer = { id: '8b7a4b4e-3f1c-4a53-9d0e-6b1f2d3c4e5f', at: '2026-01-02T03:04:05.000Z' };
  expect(await call('/internal/users/lookup', { method: 'POST', body: {}, answer: Created })).toEqual(answer);
  for (const wrong of [
    { id: 'not-a-uuid', at: '2026-01-02T03:04:05.000Z' },
    { id: '8b7a4b4e-3f1c-4a53-9d0e-6b1f2d3c4e5f', at: 'yesterday' },
  ]) {
    answer = wrong;
    const failure = await call('/internal/users/lookup', { method: 'POST', body: {}, answer: Created }).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ statusCode: 502, code: 'upstream_error' });
  }
});
