import { ApiError, apiFetch, type FetchFn } from '../src';

type Answer = { status: number; body?: unknown };

/** A fake fetch that answers from a script and records each call. */
function fakeFetch(answers: Answer[]) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fn: FetchFn = async (url, init) => {
    calls.push({ url, init });
    const next = answers[Math.min(calls.length - 1, answers.length - 1)];
    const body = next.body === undefined ? '' : JSON.stringify(next.body);
    return new Response(next.status === 204 ? null : body, {
      status: next.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fn, calls };
}

const RETRYABLE = [408, 409, 425, 429, 500, 502, 503, 504];

describe('apiFetch retry rule', () => {
  test.each(RETRYABLE)('GET is retried once on %i and succeeds on the second try', async (status) => {
    const { fn, calls } = fakeFetch([
      { status, body: { statusCode: status, code: 'X', message: 'try again' } },
      { status: 200, body: { ok: true } },
    ]);
    await expect(apiFetch('/api/account/sync', { fetchFn: fn })).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(2);
  });

  test.each(RETRYABLE)('GET is retried only once on %i, then throws the ApiError', async (status) => {
    const { fn, calls } = fakeFetch([
      { status, body: { statusCode: status, code: 'UPSTREAM', message: 'Upstream down. Try again later.' } },
    ]);
    const err = await apiFetch('/api/x', { fetchFn: fn }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ statusCode: status, code: 'UPSTREAM', message: 'Upstream down. Try again later.' });
    expect(calls).toHaveLength(2);
  });

  test.each([400, 401, 403, 404, 410, 422])('GET is not retried on %i', async (status) => {
    const { fn, calls } = fakeFetch([{ status, body: { statusCode: status, code: 'NOPE', message: 'no' } }]);
    await expect(apiFetch('/api/x', { fetchFn: fn })).rejects.toMatchObject({ statusCode: status, code: 'NOPE' });
    expect(calls).toHaveLength(1);
  });

  test.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('%s is never retried, even on 503', async (method) => {
    const { fn, calls } = fakeFetch([
      { status: 503, body: { statusCode: 503, code: 'UNAVAILABLE', message: 'down' } },
      { status: 200, body: {} },
    ]);
    await expect(apiFetch('/api/x', { method, body: { a: 1 }, fetchFn: fn })).rejects.toMatchObject({
      statusCode: 503,
      code: 'UNAVAILABLE',
      message: 'down',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0].init?.method).toBe(method);
  });

  test('sends JSON body, bearer token and query parameters', async () => {
    const { fn, calls } = fakeFetch([{ status: 200, body: { id: 'i1' } }]);
    await apiFetch('/api/company/invite', { query: { invitationId: 'i1' }, token: 'jwt', fetchFn: fn });
    await apiFetch('/api/company/info', { method: 'POST', body: { companyId: 'c1' }, fetchFn: fn });
    expect(calls[0].url).toBe('/api/company/invite?invitationId=i1');
    expect((calls[0].init?.headers as Record<string, string>).authorization).toBe('Bearer jwt');
    expect(calls[1].init?.body).toBe(JSON.stringify({ companyId: 'c1' }));
    expect((calls[1].init?.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  test('a non-JSON error body still gives an ApiError with the HTTP status', async () => {
    const fn: FetchFn = async () =>
      new Response('<html>bad gateway</html>', { status: 400, statusText: 'Bad Request' });
    await expect(apiFetch('/api/x', { fetchFn: fn })).rejects.toMatchObject({
      name: 'ApiError',
      statusCode: 400,
      code: 'HTTP_400',
    });
  });

  test('204 resolves to undefined', async () => {
    const { fn } = fakeFetch([{ status: 204 }]);
    await expect(apiFetch('/api/x', { method: 'DELETE', fetchFn: fn })).resolves.toBeUndefined();
  });
});
