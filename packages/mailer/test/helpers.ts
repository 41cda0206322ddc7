import type { WorkerLogger } from '../src';

export function captureLogger(): WorkerLogger & { entries: Array<{ level: string; obj: object; msg?: string }> } {
  const entries: Array<{ level: string; obj: object; msg?: string }> = [];
  return {
    entries,
    info: (obj, msg) => entries.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => entries.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => entries.push({ level: 'error', obj, msg }),
  };
}

/** Polls until the check passes (no fixed sleeps in assertions). */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
