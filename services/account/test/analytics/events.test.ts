import { bearer, signedInUser, startStack, type Stack } from '../support/stack';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ accountEnv: { ANALYTICS_RATE_LIMIT_PER_MINUTE: '5' } });
});

afterAll(async () => {
  await stack?.stop();
});

const batch = (overrides: Record<string, unknown> = {}) => ({
  deviceId: 'device-1234-abcd',
  sessionId: 'session-5678-efgh',
  bucket: 42,
  experiments: [{ experiment: 'pricing-layout', variant: 'b' }],
  utm: { source: 'newsletter', campaign: 'autumn' },
  events: [
    {
      kind: 'page_view',
      name: 'page_view',
      occurredAt: '2026-11-23T10:00:00.000Z',
      path: '/pricing',
      referrerHost: 'example.com',
    },
    {
      kind: 'engagement',
      name: 'engagement',
      occurredAt: '2026-11-23T10:01:00.000Z',
      path: '/pricing',
      visibleMs: 60000,
      scrollDepth: 80,
    },
  ],
  ...overrides,
});

const send = (payload: unknown, address: string, headers: Record<string, string> = {}) =>
  stack.account.app.inject({
    method: 'POST',
    url: '/api/analytics/events',
    payload: payload as object,
    headers: { 'x-forwarded-for': address, ...headers },
  });

const rowsFor = async (sessionId: string) =>
  (
    await stack.account.app.db.query(
      `SELECT kind, name, path, referrer_host, visible_ms, scroll_depth, device_id, user_id, bucket, experiments, utm, ip_prefix
       FROM analytics.events WHERE session_id = $1 ORDER BY occurred_at`,
      [sessionId],
    )
  ).rows;

describe('POST /api/analytics/events', () => {
  test('an anonymous batch is stored with the IPv4 address cut to its /24 and no user id', async () => {
    const res = await send(batch(), '203.0.113.77');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 2 });
    const rows = await rowsFor('session-5678-efgh');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      kind: 'page_view',
      name: 'page_view',
      path: '/pricing',
      referrer_host: 'example.com',
      visible_ms: null,
      scroll_depth: null,
      device_id: 'device-1234-abcd',
      user_id: null,
      bucket: 42,
      experiments: [{ experiment: 'pricing-layout', variant: 'b' }],
      utm: { source: 'newsletter', campaign: 'autumn' },
      ip_prefix: '203.0.113.0/24',
    });
    expect(rows[1]).toMatchObject({ kind: 'engagement', visible_ms: 60000, scroll_depth: 80 });
  });

  test('IPv6 addresses keep only their /48', async () => {
    expect((await send(batch({ sessionId: 'session-ipv6-0001' }), '2001:db8:85a3:1234:5678::1')).statusCode).toBe(202);
    expect((await rowsFor('session-ipv6-0001'))[0].ip_prefix).toBe('2001:db8:85a3::/48');
  });

  test('a signed-in caller’s events carry the user id and nothing else about them', async () => {
    const user = await signedInUser(stack);
    const res = await send(batch({ sessionId: 'session-user-0001' }), '198.51.100.9', bearer(user.token));
    expect(res.statusCode).toBe(202);
    expect((await rowsFor('session-user-0001')).map((r) => r.user_id)).toEqual([user.id, user.id]);
  });

  test.each([
    ['an unknown field', batch({ email: 'ada@example.com' })],
    ['a bucket outside 0–99', batch({ bucket: 100 })],
    ['no events', batch({ events: [] })],
    ['more than 50 events', batch({ events: Array.from({ length: 51 }, () => batch().events[0]) })],
    ['a path that is not a path', batch({ events: [{ ...batch().events[0], path: 'https://x.test/' }] })],
    ['an unknown event field', batch({ events: [{ ...batch().events[0], ip: '1.2.3.4' }] })],
  ])('%s is refused with 400 and nothing is stored', async (_label, payload) => {
    const before = (await stack.account.app.db.query('SELECT count(*)::int AS n FROM analytics.events')).rows[0].n;
    const res = await send(payload, '192.0.2.10');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    expect((await stack.account.app.db.query('SELECT count(*)::int AS n FROM analytics.events')).rows[0].n).toBe(
      before,
    );
  });

  test('a beacon’s text/plain body holding JSON is accepted like JSON; text that is not JSON is refused', async () => {
    const beacon = (payload: string) =>
      stack.account.app.inject({
        method: 'POST',
        url: '/api/analytics/events',
        payload,
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': '192.0.2.50' },
      });
    expect((await beacon(JSON.stringify(batch({ sessionId: 'session-beacon-01' })))).statusCode).toBe(202);
    expect(await rowsFor('session-beacon-01')).toHaveLength(2);
    const bad = await beacon('not json');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, code: 'invalid_json' });
    // Other routes still speak JSON only.
    const elsewhere = await stack.account.app.inject({
      method: 'POST',
      url: '/api/support/feedback',
      payload: '{"text":"hi"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(elsewhere.statusCode).toBe(415);
  });

  test('a path is stored without its query string except utm_* parameters, and without its fragment', async () => {
    const paths = [
      '/reset?token=secret-123&utm_source=mail&utm_campaign=autumn#top',
      '/pricing?code=abc',
      '/blog#part-2',
      '/docs?utm_medium=social',
    ];
    const events = paths.map((path, i) => ({
      kind: 'page_view',
      name: 'page_view',
      occurredAt: `2026-11-23T10:00:0${i}.000Z`,
      path,
    }));
    expect((await send(batch({ sessionId: 'session-paths-01', events }), '192.0.2.60')).statusCode).toBe(202);
    expect((await rowsFor('session-paths-01')).map((r) => r.path)).toEqual([
      '/reset?utm_source=mail&utm_campaign=autumn',
      '/pricing',
      '/blog',
      '/docs?utm_medium=social',
    ]);
  });

  test('a beacon’s text/plain body has its paths cut the same way', async () => {
    const events = [
      {
        kind: 'page_view',
        name: 'page_view',
        occurredAt: '2026-11-23T10:00:00.000Z',
        path: '/welcome?access_token=abc&utm_term=x',
      },
    ];
    const res = await stack.account.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload: JSON.stringify(batch({ sessionId: 'session-paths-02', events })),
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': '192.0.2.61' },
    });
    expect(res.statusCode).toBe(202);
    expect((await rowsFor('session-paths-02')).map((r) => r.path)).toEqual(['/welcome?utm_term=x']);
  });

  test('a beacon body that would set __proto__ is refused as invalid JSON, and nothing is stored', async () => {
    const before = (await stack.account.app.db.query('SELECT count(*)::int AS n FROM analytics.events')).rows[0].n;
    const payload = JSON.stringify(batch({ sessionId: 'session-proto-01' })).replace(
      /^\{/,
      '{"__proto__":{"admin":true},',
    );
    const res = await stack.account.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload,
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': '192.0.2.63' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, code: 'invalid_json', message: 'The body is not valid JSON.' });
    expect((await stack.account.app.db.query('SELECT count(*)::int AS n FROM analytics.events')).rows[0].n).toBe(
      before,
    );
  });

  test('a beacon body with a NUL in a path is refused like a JSON one, and nothing is stored', async () => {
    const before = (await stack.account.app.db.query('SELECT count(*)::int AS n FROM analytics.events')).rows[0].n;
    const events = [
      { kind: 'page_view', name: 'page_view', occurredAt: '2026-11-23T10:00:00.000Z', path: '/a\u0000b' },
    ];
    const res = await stack.account.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload: JSON.stringify(batch({ sessionId: 'session-paths-03', events })),
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': '192.0.2.62' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'invalid_text' });
    expect((await stack.account.app.db.query('SELECT count(*)::int AS n FROM analytics.events')).rows[0].n).toBe(
      before,
    );
  });

  test('a beacon body nested 10,000 deep is refused with 400 body_too_deep, and nothing is stored', async () => {
    const before = (await stack.account.app.db.query('SELECT count(*)::int AS n FROM analytics.events')).rows[0].n;
    const deep = JSON.stringify(batch({ sessionId: 'session-deep-01' })).replace(
      /\}$/,
      `,"extra":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
    );
    const res = await stack.account.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload: deep,
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': '192.0.2.64' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'body_too_deep',
      message: 'The request body is nested too deeply (more than 64 levels).',
    });
    expect((await stack.account.app.db.query('SELECT count(*)::int AS n FROM analytics.events')).rows[0].n).toBe(
      before,
    );
  });

  test('a beacon body that is not UTF-8 is refused with 400 invalid_text, and nothing is stored', async () => {
    const before = (await stack.account.app.db.query('SELECT count(*)::int AS n FROM analytics.events')).rows[0].n;
    const events = [
      { kind: 'page_view', name: 'page_view', occurredAt: '2026-11-23T10:00:00.000Z', path: '/caf-SPLIT' },
    ];
    const [head, tail] = JSON.stringify(batch({ sessionId: 'session-bytes-01', events })).split('-SPLIT');
    const res = await stack.account.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload: Buffer.concat([Buffer.from(head), Buffer.from([0xe9]), Buffer.from(tail)]),
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': '192.0.2.65' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'invalid_text',
      message: 'body contains a character that is not allowed',
    });
    expect((await stack.account.app.db.query('SELECT count(*)::int AS n FROM analytics.events')).rows[0].n).toBe(
      before,
    );
  });

  test('a body over 64 KiB is refused with 413', async () => {
    const big = batch({
      events: [{ ...batch().events[0], properties: { note: 'x'.repeat(200) } }],
      padding: 'x'.repeat(70 * 1024),
    });
    expect((await send(big, '192.0.2.11')).statusCode).toBe(413);
  });

  test('one address gets 429 beyond its per-minute limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await send(batch({ sessionId: `session-rate-000${i}` }), '192.0.2.99')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});
