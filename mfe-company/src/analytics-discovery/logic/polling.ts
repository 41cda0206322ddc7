import type { RunStatus } from '@tracemap/contracts';

/** A run is asked about again after this long, growing by half each time up to the cap. */
export const POLL_FIRST_MS = 500;
export const POLL_MAX_MS = 5_000;

export function nextPollDelay(previous: number | null): number {
  if (previous === null) return POLL_FIRST_MS;
  return Math.min(POLL_MAX_MS, Math.round(previous * 1.5));
}

export function runIsActive(status: RunStatus): boolean {
  return status === 'queued' || status === 'running';
}
