import { randomUUID } from 'node:crypto';
import { startHarness, type Harness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const rows = async () =>
  (
    await h.app.db.query(
      'SELECT (SELECT count(*) FROM subscription.subscriptions)::int AS subscriptions, (SELECT count(*) FROM subscription.customers)::int AS customers',
    )
  ).rows[0];

test.each(['/api/subscription/details', '/api/subscription/preview', '/api/subscription/update'])(
  '%s: a 10,000-deep body → 400 body_too_deep, bytes that are not UTF-8 → 400 invalid_text, nothing asked of the provider nor written',
  async (url) => {
    const companyId = randomUUID();
    const userId = randomUUID();
    h.peers.member(companyId, userId, 'owner');
    const headers = { authorization: `Bearer ${await h.tokens.mint(userId)}`, 'content-type': 'application/json' };
    const before = { stored: await rows(), provider: h.stripe.requests.length };

    const deep = `{"companyId":"${companyId}","priceId":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const tooDeep = await h.app.inject({ method: 'POST', url, headers, payload: deep });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toEqual({
      statusCode: 400,
      code: 'body_too_deep',
      message: 'The request body is nested too deeply (more than 64 levels).',
    });

    const notUtf8 = Buffer.concat([
      Buffer.from(`{"companyId":"${companyId}","priceId":"price_`),
      Buffer.from([0xe2, 0x82]),
      Buffer.from('"}'),
    ]);
    const badBytes = await h.app.inject({ method: 'POST', url, headers, payload: notUtf8 });
    expect(badBytes.statusCode).toBe(400);
    expect(badBytes.json()).toEqual({
      statusCode: 400,
      code: 'invalid_text',
      message: 'body contains a character that is not allowed',
    });

    expect({ stored: await rows(), provider: h.stripe.requests.length }).toEqual(before);
  },
);
