import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_NAMES, startStack, type Stack } from '../src/stack';

/**
 * How long a service killed with SIGKILL takes to answer its readiness
 * check again under the supervisor: from its warm standby (as `npm start`
 * runs) against a cold start (the baseline), measured in the same run.
 *
 *   node --import tsx infra/bench/restart.ts     (DATABASE_URL optional)
 */
const ROUNDS = 3;

async function timeRestart(stack: Stack, name: (typeof SERVICE_NAMES)[number]): Promise<number> {
  const old = stack.processOf(name)!;
  const started = Date.now();
  process.kill(-old.child.pid!, 'SIGKILL');
  const deadline = started + 60000;
  for (;;) {
    const current = stack.processOf(name);
    if (
      current &&
      current !== old &&
      (await fetch(`${stack.urls[name]}/ready`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      return Date.now() - started;
    if (Date.now() > deadline) throw new Error(`${name} not back within 60 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function measure(standby: boolean): Promise<Map<string, number[]>> {
  const stack = await startStack({
    port: 0,
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'tracemap-bench-restart-')),
    logLevel: 'warn',
    log: () => undefined,
    environment: {},
    standby,
    // Every kill here is deliberate: keep the first, short delay each time.
    restartPolicy: { healthyAfterMs: 0 },
  });
  const times = new Map<string, number[]>();
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const name of SERVICE_NAMES) {
        // Give a new standby time to load before the next kill, as after any real crash.
        await new Promise((r) => setTimeout(r, standby ? 4000 : 500));
        times.set(name, [...(times.get(name) ?? []), await timeRestart(stack, name)]);
      }
    }
  } finally {
    await stack.stop();
  }
  return times;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const cold = await measure(false);
  const warm = await measure(true);
  console.log(
    `restart after SIGKILL, median of ${ROUNDS}, load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
  );
  for (const name of SERVICE_NAMES) {
    const w = median(warm.get(name)!);
    const c = median(cold.get(name)!);
    console.log(
      `  ${name.padEnd(13)} warm standby ${String(w).padStart(5)} ms   cold start (baseline) ${String(c).padStart(5)} ms   ratio ${(w / c).toFixed(2)}`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
