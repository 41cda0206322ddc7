import type { SandboxStore } from '../store';
import { processDue } from './lifecycle';

/** The furthest one advance may jump: a year and a month covers every product scenario. */
export const MAX_ADVANCE_SECONDS = 400 * 24 * 60 * 60;

/** Moves the sandbox's time forward, running everything that falls due on the way in order. */
export async function advanceClock(
  store: SandboxStore,
  seconds: number,
): Promise<{ now: number; offsetSeconds: number; processed: number }> {
  const target = store.now() + seconds;
  const processed = await processDue(store, target);
  const offsetSeconds = store.offsetSeconds + seconds;
  await store.setClockOffset(offsetSeconds);
  return { now: target, offsetSeconds, processed };
}
