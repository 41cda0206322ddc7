/**
 * While a sync answer is degraded (a service behind it was down), the account is synced
 * again after a growing pause, until a complete answer comes or the user changes. One
 * timer at a time; the delays double from FIRST_MS up to MAX_MS.
 */
const FIRST_MS = 2000;
const MAX_MS = 30000;

let timer: ReturnType<typeof setTimeout> | null = null;
let attempt = 0;

export function degradedRetryDelay(attemptNumber: number): number {
  return Math.min(FIRST_MS * 2 ** attemptNumber, MAX_MS);
}

/** Plans the next sync; a plan already waiting is kept. */
export function scheduleDegradedRetry(run: () => void): void {
  if (timer) return;
  const delay = degradedRetryDelay(attempt);
  attempt += 1;
  timer = setTimeout(() => {
    timer = null;
    run();
  }, delay);
}

/** A complete answer (or a sign-out) ends the retries and resets the pause. */
export function stopDegradedRetry(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  attempt = 0;
}
