/**
 * Password sign-in latency at the configured argon2 cost, next to /health on
 * the same server in the same run as the baseline. Also compares a wrong
 * password for a known account with an unknown account (anti-enumeration:
 * the ratio should be close to 1).
 *
 *   npx tsx scripts/bench-login.ts              # embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench-login.ts
 *   BENCH_N=200 …                               # iterations per series (default 100)
 */
import { performance } from 'node:perf_hooks';
import { createTestDatabase } from '@tracemap/test-kit';
import { service } from '../src/app';
import { loadConfig } from '../src/config';

const N = Number(process.env.BENCH_N ?? 100);
const ANON = 'bench-anon-key';
const SERVICE = 'bench-service-role-key-0123456789';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function series(label: string, run: () => Promise<Response>, expectStatus: number) {
  for (let i = 0; i < 5; i += 1) await (await run()).arrayBuffer(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < N; i += 1) {
    const start = performance.now();
    const response = await run();
    await response.arrayBuffer();
    times.push(performance.now() - start);
    if (response.status !== expectStatus) throw new Error(`${label}: expected ${expectStatus}, got ${response.status}`);
  }
  times.sort((a, b) => a - b);
  return { label, p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function interleaved(runs: Array<[string, () => Promise<Response>]>, expectStatus: number) {
  for (const [, run] of runs) for (let i = 0; i < 5; i += 1) await (await run()).arrayBuffer();
  const times = runs.map(() => [] as number[]);
  for (let i = 0; i < N; i += 1) {
    for (const [index, [label, run]] of runs.entries()) {
      const start = performance.now();
      const response = await run();
      await response.arrayBuffer();
      times[index].push(performance.now() - start);
      if (response.status !== expectStatus)
        throw new Error(`${label}: expected ${expectStatus}, got ${response.status}`);
    }
  }
  return runs.map(([label], index) => {
    const sorted = times[index].sort((a, b) => a - b);
    return { label, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  });
}

async function main() {
  const database = await createTestDatabase();
  const config = loadConfig({
    PORT: '0',
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    AUTH_PUBLIC_KEY: ANON,
    AUTH_SERVICE_ROLE_KEY: SERVICE,
    INTERNAL_SERVICE_TOKEN: 'bench',
    AUTH_RATE_LIMIT_PER_IP: '1000000',
    AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
  });
  const app = await service.build(config);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const email = 'bench@example.test';
    const password = 'benchmark passphrase 123';
    const created = await fetch(`${address}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SERVICE}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, email_confirm: true }),
    });
    if (!created.ok) throw new Error(`could not create the bench user: ${created.status}`);
    const signIn = (body: object) => () =>
      fetch(`${address}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: ANON, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    const health = await series('GET /health (baseline)', () => fetch(`${address}/health`), 200);
    const ok = await series('sign-in, correct password', signIn({ email, password }), 200);
    // Interleaved, so warm-up and background noise fall on both alike.
    const [wrong, unknown] = await interleaved(
      [
        ['sign-in, wrong password', signIn({ email, password: 'not the password at all' })],
        ['sign-in, unknown email', signIn({ email: 'nobody@example.test', password: 'not the password at all' })],
      ],
      400,
    );

    console.log(
      `database: ${database.isPostgres ? 'PostgreSQL' : 'PGlite (embedded)'}; argon2id m=${config.AUTH_ARGON2_MEMORY_KIB} KiB t=${config.AUTH_ARGON2_ITERATIONS} p=1; N=${N}`,
    );
    for (const s of [health, ok, wrong, unknown]) {
      console.log(
        `${s.label.padEnd(30)} p50 ${s.p50.toFixed(1).padStart(7)} ms   p99 ${s.p99.toFixed(1).padStart(7)} ms   p50 ×${(s.p50 / health.p50).toFixed(1)} of /health`,
      );
    }
    console.log(`unknown-vs-wrong-password p50 ratio: ${(unknown.p50 / wrong.p50).toFixed(2)} (1.00 = no timing gap)`);
  } finally {
    await app.close();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
