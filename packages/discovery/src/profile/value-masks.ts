import { TOP_VALUES_MAX, MASKS_MAX } from './profile';
import type { Slot } from './profile-accumulators';
import { ValueSketch } from './value-sketch';

/** After this many evictions, and more evictions than keeps, a sketch stops taking new values. */
const HIGH_CARDINALITY_EVICTIONS = 200;
const MASK_ALL_FIRST = 1000;

/**
 * Counts a short, non-personal scalar of `slot` in its sketch, and its outline once values fall out.
 * `weight`: how many values this one stands for (more than one once the path's values are sampled).
 */
export function sketchValue(value: string | number | boolean, slot: Slot, weight: number): void {
  let values = slot.values;
  if (values === null) values = slot.values = new ValueSketch(TOP_VALUES_MAX);
  if (!slot.highCardinality) {
    values.add(value, weight);
    if (values.evictions > HIGH_CARDINALITY_EVICTIONS && values.evictions * 2 > values.offered)
      slot.highCardinality = true;
  } else {
    // Only values already held keep counting; the share of the rest is what `sketched` tells apart.
    values.bump(value, weight);
  }
  // Once values fall out of the sketch, outlines stand for them. After the first thousand, one value in
  // four is outlined: their shares, not exact counts, are what a pattern check needs. A sampled value
  // is outlined as it comes: it is already one of several.
  if (values.evictions > 0 && typeof value === 'string') {
    if (weight > 1) addMask(slot, value, weight);
    else if ((slot.masks?.offered ?? 0) < MASK_ALL_FIRST) addMask(slot, value, 1);
    else if ((values.offered & 3) === 0) addMask(slot, value, 4);
  }
}

/** `weight`: how many values the outlined one stands for (4 when one in four is outlined). */
export function addMask(slot: Slot, value: string, weight: number): void {
  const mask = outline(value);
  let masks = slot.masks;
  if (masks === null) {
    masks = slot.masks = new ValueSketch(MASKS_MAX);
    slot.maskExamples = new Map();
  }
  if (slot.masksFull) {
    masks.bump(mask, weight);
    return;
  }
  masks.add(mask, weight);
  if (!slot.maskExamples!.has(mask)) slot.maskExamples!.set(mask, value);
  if (masks.evictions > HIGH_CARDINALITY_EVICTIONS && masks.evictions * 2 > masks.offered) slot.masksFull = true;
}

/**
 * A value's outline: digits as `9`, capitals as `A`, small letters as `a`,
 * anything else as it is. Values outlined alike pass or fail a character-class
 * pattern alike, and an id column has a handful of outlines however many ids.
 */
export function outline(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 48 && code <= 57) out += '9';
    else if (code >= 65 && code <= 90) out += 'A';
    else if (code >= 97 && code <= 122) out += 'a';
    else out += value[i];
  }
  return out;
}
