import type { ObservedKind } from '../observed-event';
import type { EventAcc } from './profile-accumulators';

/**
 * Accumulators kept across drains by default. A name's accumulator costs kilobytes (its paths' sketches and
 * its shapes), so a file of tens of thousands of distinct names would otherwise hold them all to its end. A
 * forgotten name that comes back starts afresh: its counts still add up in the stored profile, its shapes
 * offer examples again (the stored rows keep at most their cap) and its values are sketched in full again.
 */
export const HELD_NAMES_MAX = 1_000;

/** The builder's accumulators by source, kind and name, and how many are held. */
export class EventAccs {
  /** sourceId → kind → name */
  private readonly bySource = new Map<string, Map<ObservedKind, Map<string, EventAcc>>>();
  held = 0;

  constructor(private readonly maxHeld: number) {}

  get(sourceId: string, kind: ObservedKind, name: string): EventAcc {
    let byKind = this.bySource.get(sourceId);
    if (byKind === undefined) this.bySource.set(sourceId, (byKind = new Map()));
    let byName = byKind.get(kind);
    if (byName === undefined) byKind.set(kind, (byName = new Map()));
    let acc = byName.get(name);
    if (acc === undefined) {
      acc = {
        sourceId,
        name,
        kind,
        total: 0,
        truncated: 0,
        slots: new Map(),
        slotCount: 0,
        allSlots: [],
        batchSlots: [],
        shapes: new Map(),
        shapeList: [],
        first: Infinity,
        last: -Infinity,
        buckets: new Map(),
        versionIds: new Map(),
        versions: [],
        views: kind === 'page' || kind === 'screen' ? new Map() : null,
      };
      byName.set(name, acc);
      this.held++;
    }
    return acc;
  }

  /**
   * Calls `drain` with each accumulator that counted something, then, past the bound, forgets names:
   * first those that counted nothing since the last drain, then drained ones (their counts were taken).
   */
  drainEach(drain: (acc: EventAcc) => void): void {
    let excess = this.held - this.maxHeld;
    for (const byKind of this.bySource.values()) {
      for (const byName of byKind.values()) {
        for (const [name, acc] of byName) {
          if (acc.total > 0) drain(acc);
          else if (excess > 0) {
            byName.delete(name);
            this.held--;
            excess--;
          }
        }
      }
    }
    if (excess > 0) this.forget(excess);
  }

  private forget(excess: number): void {
    for (const byKind of this.bySource.values()) {
      for (const byName of byKind.values()) {
        for (const name of byName.keys()) {
          if (excess === 0) return;
          byName.delete(name);
          this.held--;
          excess--;
        }
      }
    }
  }
}
