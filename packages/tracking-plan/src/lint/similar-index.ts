import { SIMILAR_NAME_MIN_LENGTH, similarFoldedNames } from '../names';

/**
 * Finds similar names without comparing every pair. Two names one edit apart
 * share a "deletion key" (the name with one character removed, or the name
 * itself), so names are grouped by these keys and only names in a group are
 * compared, once, while the index is built. Keys are 31-bit polynomial hashes computed in O(length) per name,
 * which keeps 50,000 names fast; a collision only adds a candidate that
 * `similarFoldedNames` then turns down.
 */
const BASE = 0x01000193;
const EMPTY = -1;

export class SimilarNameIndex {
  // An open-addressing table of (key, position) pairs in two typed arrays:
  // hundreds of thousands of keys without a Map entry or an array each.
  private readonly slotKeys: Int32Array;
  private readonly slotPositions: Int32Array;
  private readonly shift: number;
  private readonly keys: number[] = [];
  /** Similar names found while building, by name; most names have none. */
  private readonly similar = new Map<string, string[]>();

  constructor(private readonly names: readonly string[]) {
    let total = 0;
    for (const name of names) total += name.length + 3;
    const bits = Math.max(4, Math.ceil(Math.log2(total * 2)));
    this.shift = 32 - bits;
    this.slotKeys = new Int32Array(1 << bits).fill(EMPTY);
    this.slotPositions = new Int32Array(1 << bits);
    names.forEach((name, position) => {
      const count = deletionKeys(name, this.keys);
      for (let k = 0; k < count; k++) this.insert(this.keys[k], position);
    });
  }

  /** The indexed names similar to one of the indexed names. */
  similarTo(folded: string): string[] {
    return this.similar.get(folded) ?? [];
  }

  /** Names that share a key meet here, once: each pair is checked as the second one arrives. */
  private insert(key: number, position: number) {
    const mask = this.slotKeys.length - 1;
    let slot = Math.imul(key, 0x85ebca6b) >>> this.shift;
    while (this.slotKeys[slot] !== EMPTY) {
      if (this.slotKeys[slot] === key) {
        const other = this.slotPositions[slot];
        if (other === position) return;
        this.consider(this.names[position], this.names[other]);
      }
      slot = (slot + 1) & mask;
    }
    this.slotKeys[slot] = key;
    this.slotPositions[slot] = position;
  }

  private consider(a: string, b: string) {
    if (a === b || !similarFoldedNames(a, b)) return;
    const listA = this.similar.get(a);
    if (listA?.includes(b)) return;
    if (listA) listA.push(b);
    else this.similar.set(a, [b]);
    const listB = this.similar.get(b);
    if (listB) listB.push(a);
    else this.similar.set(b, [a]);
  }
}

/**
 * Writes into `out` the hashes of the name, of the name with each one character
 * removed, and of its stem without a plural ending; returns how many.
 */
function deletionKeys(name: string, out: number[]): number {
  const length = name.length;
  let count = 0;
  let whole = 0;
  for (let i = 0; i < length; i++) whole = (Math.imul(whole, BASE) + name.charCodeAt(i)) | 0;
  out[count++] = finish(whole, length);
  if (length >= SIMILAR_NAME_MIN_LENGTH - 1) {
    // Removing character i: hash(name[0..i)) · BASE^(length-1-i) + hash(name[i+1..]).
    const prefix = prefixHashes(name);
    let suffix = 0;
    let power = 1;
    for (let i = length - 1; i >= 0; i--) {
      out[count++] = finish((Math.imul(prefix[i], power) + suffix) | 0, length - 1);
      suffix = (suffix + Math.imul(name.charCodeAt(i), power)) | 0;
      power = Math.imul(power, BASE);
    }
  } else if (name.endsWith('s')) {
    out[count++] = finish(prefixHashes(name)[length - 1], length - 1);
  }
  if (name.endsWith('es')) out[count++] = finish(prefixHashes(name)[length - 2], length - 2);
  return count;
}

const scratch: number[] = [];
/** hash(name[0..i)) for every i; reuses one array, valid until the next call. */
function prefixHashes(name: string): number[] {
  scratch[0] = 0;
  for (let i = 0; i < name.length; i++) scratch[i + 1] = (Math.imul(scratch[i], BASE) + name.charCodeAt(i)) | 0;
  return scratch;
}

/** A non-negative 31-bit key, so -1 can mark an empty slot. */
function finish(hash: number, length: number): number {
  return Math.imul(hash ^ length, 0x9e3779b1) >>> 1;
}
