import type { PlanItemKind, PlanSnapshot, PlanView } from '@tracemap/contracts';
import { similarFoldedNames } from '@tracemap/tracking-plan';
import { foldName, tokens } from './tokens';

export type SearchField = 'name' | 'tag' | 'view' | 'description';

export interface SearchDoc {
  kind: PlanItemKind;
  id: string;
  name: string;
  status: string;
  folded: string;
  /** Attributes not exposed: viewers never find them. */
  hidden: boolean;
}

export const SEARCH_FIELDS: readonly SearchField[] = ['name', 'tag', 'view', 'description'];
export const FIELD_WEIGHTS: Record<SearchField, number> = { name: 3, tag: 2, view: 1.5, description: 1 };
export /**
 * The items that have a word, ascending, each packed with the field it was
 * found in (`doc << 2 | field`): one typed array per word, so a common word
 * costs no object per item and an item is found in it by binary search.
 */
type Postings = Int32Array;
export const postingDoc = (packed: number) => packed >> 2;
export const postingField = (packed: number) => SEARCH_FIELDS[packed & 3];

/** Where an item is in a word's postings, or -1. */
export function findPosting(postings: Postings, doc: number): number {
  let lo = 0;
  let hi = postings.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = postings[mid] >> 2;
    if (at === doc) return mid;
    if (at < doc) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * Full-text index of the plan: postings per word (names, tags, view names,
 * descriptions), folded names, and "deletion keys" of folded names and of
 * words, so a name or a word one edit away is found without comparing it
 * with every item.
 */
export interface SearchIndex {
  docs: SearchDoc[];
  postings: Map<string, Postings>;
  byFolded: Map<string, number[]>;
  /** Items by folded name and words of the plan, to find those one edit away from a query. */
  similarNames: SimilarLookup<number>;
  similarWords(): SimilarLookup<string>;
  /**
   * Scratch space of one search (a score and match flags per item, and the
   * items touched), reused so a search over a large plan allocates nothing
   * per item; searches are synchronous, so one at a time uses it.
   */
  scratch: { scores: Float64Array; flags: Uint8Array; touched: Int32Array };
}

export function buildSearchIndex(plan: PlanSnapshot, viewsOfEvent: Map<string, PlanView[]>): SearchIndex {
  const docs: SearchDoc[] = [];
  const building = new Map<string, number[]>();
  const best = new Map<string, SearchField>();
  const byFolded = new Map<string, number[]>();
  const add = (
    kind: PlanItemKind,
    item: { id: string; name: string; status: string; displayName?: string; description: string; tags?: string[] },
    hidden: boolean,
    viewNames: readonly string[] = [],
  ) => {
    if (item.status === 'archived') return;
    const doc = docs.length;
    const folded = foldName(item.name);
    docs.push({ kind, id: item.id, name: item.name, status: item.status, folded, hidden });
    const list = byFolded.get(folded);
    if (list) list.push(doc);
    else byFolded.set(folded, [doc]);
    // One posting per (word, doc), at the strongest field that has the word.
    best.clear();
    const offer = (text: string, field: SearchField) => {
      for (const word of tokens(text)) {
        const found = best.get(word);
        if (!found || FIELD_WEIGHTS[field] > FIELD_WEIGHTS[found]) best.set(word, field);
      }
    };
    offer(item.name, 'name');
    if (item.displayName) offer(item.displayName, 'name');
    for (const tag of item.tags ?? []) offer(tag, 'tag');
    for (const viewName of viewNames) offer(viewName, 'view');
    offer(item.description, 'description');
    for (const [word, field] of best) {
      const packed = (doc << 2) | SEARCH_FIELDS.indexOf(field);
      const found = building.get(word);
      if (found) found.push(packed);
      else building.set(word, [packed]);
    }
  };
  for (const event of plan.events) {
    add(
      'event',
      event,
      false,
      (viewsOfEvent.get(event.id) ?? []).map((v) => v.name),
    );
  }
  for (const attribute of plan.attributes) add('attribute', attribute, !attribute.exposed);
  for (const view of plan.views) add('view', view, false, [view.name]);
  for (const map of plan.maps) add('map', map, false);

  const postings = new Map<string, Postings>();
  for (const [word, packed] of building) postings.set(word, Int32Array.from(packed));
  let similarWords: SimilarLookup<string> | undefined;
  return {
    docs,
    postings,
    byFolded,
    scratch: {
      scores: new Float64Array(docs.length),
      flags: new Uint8Array(docs.length),
      touched: new Int32Array(docs.length),
    },
    similarNames: new SimilarLookup(docs.map((d, i) => [d.folded, i] as const)),
    similarWords: () => (similarWords ??= new SimilarLookup([...postings.keys()].map((w) => [w, w] as const))),
  };
}

const BASE = 0x01000193;
const EMPTY = -1;

/**
 * Deletion keys of a text: its hash and the hash of it with each one
 * character left out. Two texts one edit apart share one, so similar texts
 * are found by looking keys up, never by comparing with every text. Keys are
 * 32-bit polynomial hashes computed in O(length) for all of them; a collision
 * only adds a candidate that the proper comparison then turns down.
 */
const hashScratch = { prefix: [] as number[], suffix: [] as number[], power: [] as number[] };

function deletionHashes(text: string, out: number[]): number {
  const n = text.length;
  // Reused between calls: building the index hashes every name of a large plan.
  const { prefix, suffix, power } = hashScratch;
  prefix[0] = 0;
  power[0] = 1;
  for (let i = 0; i < n; i++) {
    prefix[i + 1] = (Math.imul(prefix[i], BASE) + text.charCodeAt(i)) | 0;
    power[i + 1] = Math.imul(power[i], BASE);
  }
  suffix[n] = 0;
  for (let i = n - 1; i >= 0; i--) suffix[i] = (Math.imul(text.charCodeAt(i), power[n - 1 - i]) + suffix[i + 1]) | 0;
  let count = 0;
  out[count++] = prefix[n];
  // The text without character i: what came before it, shifted past what comes after, plus what comes after.
  for (let i = 0; i < n; i++) out[count++] = (Math.imul(prefix[i], power[n - 1 - i]) + suffix[i + 1]) | 0;
  return count;
}

/**
 * Texts (folded names, or words) by their deletion keys, in typed arrays:
 * an open-addressing table of keys, each heading a chain of entries.
 */
export class SimilarLookup<T> {
  private readonly values: T[] = [];
  private readonly texts: string[] = [];
  private readonly slotKeys: Int32Array;
  private readonly slotHeads: Int32Array;
  private readonly entryText: Int32Array;
  private readonly entryNext: Int32Array;
  private readonly shift: number;

  constructor(entries: Iterable<readonly [string, T]>) {
    let total = 0;
    for (const [text, value] of entries) {
      this.texts.push(text);
      this.values.push(value);
      total += text.length + 1;
    }
    const bits = Math.max(4, Math.ceil(Math.log2(total * 2 + 1)));
    this.shift = 32 - bits;
    this.slotKeys = new Int32Array(1 << bits);
    this.slotHeads = new Int32Array(1 << bits).fill(EMPTY);
    this.entryText = new Int32Array(total);
    this.entryNext = new Int32Array(total);
    const keys: number[] = [];
    let entry = 0;
    this.texts.forEach((text, position) => {
      const count = deletionHashes(text, keys);
      for (let k = 0; k < count; k++) {
        const slot = this.slotOf(keys[k]);
        this.entryText[entry] = position;
        this.entryNext[entry] = this.slotHeads[slot];
        this.slotHeads[slot] = entry++;
      }
    });
  }

  private slotOf(key: number): number {
    const mask = this.slotKeys.length - 1;
    let slot = Math.imul(key, 0x85ebca6b) >>> this.shift;
    while (this.slotHeads[slot] !== EMPTY && this.slotKeys[slot] !== key) slot = (slot + 1) & mask;
    this.slotKeys[slot] = key;
    return slot;
  }

  private find(key: number): number {
    const mask = this.slotKeys.length - 1;
    let slot = Math.imul(key, 0x85ebca6b) >>> this.shift;
    while (this.slotHeads[slot] !== EMPTY) {
      if (this.slotKeys[slot] === key) return this.slotHeads[slot];
      slot = (slot + 1) & mask;
    }
    return EMPTY;
  }

  /** Values whose text is similar to `folded` (one edit, or a plural), never equal to it. */
  similar(folded: string): T[] {
    const keys: number[] = [];
    const count = deletionHashes(folded, keys);
    const seen = new Set<number>();
    const found: T[] = [];
    const consider = (position: number) => {
      if (seen.has(position)) return;
      seen.add(position);
      if (similarFoldedNames(folded, this.texts[position])) found.push(this.values[position]);
    };
    for (let k = 0; k < count; k++) {
      for (let e = this.find(keys[k]); e !== EMPTY; e = this.entryNext[e]) consider(this.entryText[e]);
    }
    // Plurals in "es" are two characters apart, out of reach of one deletion.
    for (const candidate of [`${folded}es`, folded.endsWith('es') ? folded.slice(0, -2) : '']) {
      if (!candidate) continue;
      deletionHashes(candidate, keys);
      for (let e = this.find(keys[0]); e !== EMPTY; e = this.entryNext[e]) {
        if (this.texts[this.entryText[e]] === candidate) consider(this.entryText[e]);
      }
    }
    return found;
  }
}
