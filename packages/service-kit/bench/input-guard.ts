import { performance } from 'node:perf_hooks';
import { findUnstorableText, hasValidPercentEscapes } from '../src/validation/text-rules';

/**
 * What the checks every request now goes through cost, next to the work the
 * request does anyway on the same input, measured in the same run: walking a
 * parsed body for unstorable text against `JSON.parse` of that body, and the
 * URL escape check against Fastify's query-string parsing of that URL.
 *
 *   npx tsx bench/input-guard.ts            (BENCH_ROUNDS=2000 by default)
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);

function payload(items: number) {
  return {
    name: 'Checkout flow',
    rows: Array.from({ length: items }, (_, i) => ({
      event: `product_viewed_${i}`,
      description: `Fired when a shopper opens product ${i} — Grüße 👋`,
      attributes: [
        { name: 'price', type: 'number' },
        { name: 'currency', type: 'string' },
      ],
      tags: ['web', 'ios'],
    })),
  };
}

function time(work: () => unknown): number {
  for (let i = 0; i < Math.min(200, ROUNDS); i += 1) work();
  const started = performance.now();
  for (let i = 0; i < ROUNDS; i += 1) work();
  return ((performance.now() - started) * 1000) / ROUNDS;
}

async function main() {
  const { default: querystring } = await import('fast-querystring');
  const rows: Array<Record<string, string | number>> = [];
  for (const items of [10, 100, 1000]) {
    const text = JSON.stringify(payload(items));
    const body = JSON.parse(text);
    const parse = time(() => JSON.parse(text));
    const guard = time(() => findUnstorableText(body));
    rows.push({
      input: `body ${Math.round(text.length / 1024)} KiB`,
      'baseline µs': +parse.toFixed(2),
      'check µs': +guard.toFixed(2),
      ratio: +(guard / parse).toFixed(2),
    });
  }
  const url = '/api/company/abc/events?limit=50&q=caf%C3%A9%20cr%C3%A8me&sort=name&order=asc';
  const search = url.slice(url.indexOf('?') + 1);
  const parseQuery = time(() => querystring.parse(search));
  const escapes = time(() => hasValidPercentEscapes(url));
  rows.push({
    input: 'URL with escapes',
    'baseline µs': +parseQuery.toFixed(3),
    'check µs': +escapes.toFixed(3),
    ratio: +(escapes / parseQuery).toFixed(2),
  });
  console.table(rows);
}

void main();
