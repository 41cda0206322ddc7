import type { PlanItemKind, PlanSnapshot, PlanView } from '@tracemap/contracts';
import { similarFoldedNames } from '@tracemap/tracking-plan';
import { deletionKeys, foldName, tokens } from './tokens';

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

interface Posting {
  doc: number;
  field: SearchField;
  weight: number;
}

/**
 * Full-text index of the plan: postings per word (names, tags, view names,
 * descriptions), folded names, and "deletion keys" of folded names and of
 * words, so a name or a word one edit away is found without comparing it
 * with every item.
 */
export interface SearchIndex {
  docs: SearchDoc[];
  postings: Map<string, Posting[]>;
  byFolded: Map<string, number[]>;
  nameKeys(): Map<string, number[]>;
  wordKeys(): Map<string, string[]>;
  /**
   * Scratch space of one search (a score and match flags per item, and the
   * items touched), reused so a search over a large plan allocates nothing
   * per item; searches are synchronous, so one at a time uses it.
   */
  scratch: { scores: Float64Array; flags: Uint8Array; touched: Int32Array };
}

const FIELD_WEIGHTS: Record<SearchField, number> = { name: 3, tag: 2, view: 1.5, description: 1 };

export function buildSearchIndex(plan: PlanSnapshot, viewsOfEvent: Map<string, PlanView[]>): SearchIndex {
  const docs: SearchDoc[] = [];
  const postings = new Map<string, Posting[]>();
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
    const best = new Map<string, SearchField>();
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
      const posting = { doc, field, weight: FIELD_WEIGHTS[field] };
      const found = postings.get(word);
      if (found) found.push(posting);
      else postings.set(word, [posting]);
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

  let nameKeys: Map<string, number[]> | undefined;
  let wordKeys: Map<string, string[]> | undefined;
  return {
    docs,
    postings,
    byFolded,
    scratch: {
      scores: new Float64Array(docs.length),
      flags: new Uint8Array(docs.length),
      touched: new Int32Array(docs.length),
    },
    nameKeys: () => (nameKeys ??= keyIndex(docs.map((d, i) => [d.folded, i] as const))),
    wordKeys: () => (wordKeys ??= keyIndex([...postings.keys()].map((w) => [w, w] as const))),
  };
}

function keyIndex<T>(entries: Iterable<readonly [string, T]>): Map<string, T[]> {
  const index = new Map<string, T[]>();
  for (const [text, value] of entries) {
    for (const key of deletionKeys(text)) {
      const list = index.get(key);
      if (list) list.push(value);
      else index.set(key, [value]);
    }
  }
  return index;
}

/** Indexed values whose text is similar to `folded` (one edit, or a plural), never equal to it. */
export function similarIn<T>(keys: Map<string, T[]>, folded: string, textOf: (value: T) => string): T[] {
  const found = new Set<T>();
  for (const key of deletionKeys(folded)) {
    for (const value of keys.get(key) ?? []) {
      if (similarFoldedNames(folded, textOf(value))) found.add(value);
    }
  }
  // Plurals in "es" are two characters apart, out of reach of one deletion.
  for (const candidate of [`${folded}es`, folded.endsWith('es') ? folded.slice(0, -2) : '']) {
    if (!candidate) continue;
    for (const value of keys.get(candidate) ?? []) if (textOf(value) === candidate) found.add(value);
  }
  return [...found];
}
