import { once, type EventEmitter } from 'node:events';

export interface WaitForOptions<T> {
  /** Give up after this long; the failure names the last value seen. */
  timeoutMs?: number;
  /** Pause between two checks. */
  intervalMs?: number;
  /** Says what was awaited; a function is read at the deadline, so it can add what the test saw so far. */
  message?: string | (() => string);
  /** When the value is good enough; by default any truthy value. */
  until?: (value: T) => boolean;
  /** Treat a check that throws as "not yet" (e.g. a server still starting) instead of failing at once. */
  retryOnError?: boolean;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_INTERVAL_MS = 50;

/** What a check gives once it passes without an `until` rule: `return done && row` gives the row. */
export type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>;

/**
 * Runs `check` until its value passes, and returns that value; past the deadline it fails with
 * the message and the last value, so a test waits for a state instead of for a length of time.
 */
export function waitFor<T>(
  check: () => T | Promise<T>,
  options: WaitForOptions<T> & { until: (value: T) => boolean },
): Promise<T>;
export function waitFor<T>(check: () => T | Promise<T>, options?: Omit<WaitForOptions<T>, 'until'>): Promise<Truthy<T>>;
export async function waitFor<T>(check: () => T | Promise<T>, options: WaitForOptions<T> = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const passes = options.until ?? ((value: T) => Boolean(value));
  const deadline = Date.now() + timeoutMs;
  let last: { value: T } | { error: unknown } | undefined;
  for (;;) {
    try {
      const value = await check();
      if (passes(value)) return value;
      last = { value };
    } catch (error) {
      if (!options.retryOnError) throw error;
      last = { error };
    }
    if (Date.now() >= deadline)
      throw new Error(`${describe(options.message)}: not within ${timeoutMs} ms; last ${describeLast(last)}`);
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, Math.max(0, deadline - Date.now()))));
  }
}

export interface WaitForEventOptions {
  timeoutMs?: number;
  message?: string | (() => string);
}

/** The arguments of the next `event` from `emitter`, or a failure naming it once the deadline passes. */
export async function waitForEvent(
  emitter: EventEmitter,
  event: string,
  options: WaitForEventOptions = {},
): Promise<unknown[]> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  try {
    return await once(emitter, event, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    // Checked by name: under jest the error may come from another realm's Error.
    if ((error as { name?: unknown } | null)?.name === 'AbortError') {
      throw new Error(`${describe(options.message ?? `event '${event}'`)}: not within ${timeoutMs} ms`);
    }
    throw error;
  }
}

function describe(message: WaitForOptions<unknown>['message']): string {
  if (typeof message === 'function') return message();
  return message ?? 'condition';
}

function describeLast(last: { value: unknown } | { error: unknown } | undefined): string {
  if (!last) return 'check never finished';
  if ('error' in last) return `error: ${(last.error as { message?: unknown } | null)?.message ?? String(last.error)}`;
  return `value: ${printable(last.value)}`;
}

function printable(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    const text = JSON.stringify(value);
    return text.length > 500 ? `${text.slice(0, 500)}…` : text;
  } catch {
    return String(value);
  }
}
