import type { PlanItemKind, SearchPlanHit, SearchPlanInput, SearchPlanOutput } from '@tracemap/contracts';
import type { ToolContext } from '../data';
import { seesHiddenAttributes } from '../roles';
import {
  FIELD_WEIGHTS,
  findPosting,
  postingDoc,
  postingField,
  type SearchField,
  type SearchIndex,
} from '../plan/search-index';
import { foldName, tokens } from '../plan/tokens';
import type { ToolResult } from './tool-result';

type Match = SearchPlanHit['matchedOn'][number];
const EXACT_NAME = 100;
const FOLDED_NAME = 80;
const SIMILAR_NAME = 40;
/** A word found only through a similar word counts for this share of the word itself. */
const SIMILAR_WORD = 0.5;
/** Match kinds as bits, strongest first. */
const MATCH_ORDER: Match[] = ['name', 'folded_name', 'similar_name', 'words', 'tag', 'view', 'description'];
const BIT = Object.fromEntries(MATCH_ORDER.map((m, i) => [m, 1 << i])) as Record<Match, number>;
const FIELD_MATCH: Record<SearchField, Match> = { name: 'words', tag: 'tag', view: 'view', description: 'description' };
/** A word in more items than this share only adds to items other words found, like a stop word. */
const COMMON_SHARE = 0.02;
const COMMON_MIN = 500;

/** Score accumulation over the index's scratch arrays; `release` clears what was touched. */
function accumulator(index: SearchIndex) {
  const { scores, flags, touched } = index.scratch;
  let size = 0;
  return {
    credit(doc: number, score: number, match: Match, onlyTouched = false) {
      if (flags[doc] === 0) {
        if (onlyTouched) return;
        touched[size++] = doc;
      }
      scores[doc] += score;
      flags[doc] |= BIT[match];
    },
    get size() {
      return size;
    },
    /** The items touched so far, as a copy: crediting them does not add any. */
    docs() {
      return touched.slice(0, size);
    },
    each(visit: (doc: number, score: number, flags: number) => void) {
      for (let i = 0; i < size; i++) visit(touched[i], scores[touched[i]], flags[touched[i]]);
    },
    release() {
      for (let i = 0; i < size; i++) {
        scores[touched[i]] = 0;
        flags[touched[i]] = 0;
      }
      size = 0;
    },
  };
}

const byRank = (a: SearchPlanHit, b: SearchPlanHit) =>
  b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Ranked search: a name equal to the query (as typed, or folded) first, then
 * a name one edit away, then the words of the query over names, tags, view
 * names and descriptions, each word weighted by how rare it is. A word the
 * plan does not have is replaced by the plan's words one edit away.
 */
export function searchPlan(ctx: ToolContext, input: SearchPlanInput): ToolResult<SearchPlanOutput> {
  const index = ctx.plan.search;
  const kinds = input.kinds && input.kinds.length > 0 ? new Set<PlanItemKind>(input.kinds) : null;
  const limit = input.limit ?? 10;
  const acc = accumulator(index);
  try {
    const folded = foldName(input.query);
    const typed = input.query.trim().toLowerCase();
    for (const doc of index.byFolded.get(folded) ?? []) {
      const exact = index.docs[doc].name.toLowerCase() === typed;
      acc.credit(doc, exact ? EXACT_NAME : FOLDED_NAME, exact ? 'name' : 'folded_name');
    }
    if (folded.length >= 4) {
      for (const doc of index.similarNames.similar(folded)) {
        acc.credit(doc, SIMILAR_NAME, 'similar_name');
      }
    }
    const total = index.docs.length;
    const common = Math.max(COMMON_MIN, total * COMMON_SHARE);
    const terms: Array<{ term: string; factor: number; df: number }> = [];
    for (const word of new Set(tokens(input.query))) {
      if (index.postings.has(word)) {
        terms.push({ term: word, factor: 1, df: index.postings.get(word)!.length });
        continue;
      }
      // Only a word the plan lacks is read as a typo; numbers one digit apart are different numbers.
      if (word.length < 4 || /^\d+$/.test(word)) continue;
      for (const similar of index.similarWords().similar(word)) {
        terms.push({ term: similar, factor: SIMILAR_WORD, df: index.postings.get(similar)!.length });
      }
    }
    // Rare words first: a common word then only ranks what they found.
    terms.sort((a, b) => a.df - b.df);
    for (const { term, factor, df } of terms) {
      const idf = Math.log(1 + total / df);
      const list = index.postings.get(term)!;
      const credit = (packed: number, onlyTouched: boolean) => {
        const field = postingField(packed);
        acc.credit(postingDoc(packed), FIELD_WEIGHTS[field] * idf * factor, FIELD_MATCH[field], onlyTouched);
      };
      if (df > common && acc.size > 0) {
        // Few items found so far: look each up in the long list rather than walk all of it.
        if (acc.size * 16 < df) {
          for (const doc of acc.docs()) {
            const at = findPosting(list, doc);
            if (at >= 0) credit(list[at], true);
          }
        } else for (const packed of list) credit(packed, true);
      } else for (const packed of list) credit(packed, false);
    }

    const hidden = !seesHiddenAttributes(ctx.role);
    // The best `limit` hits kept in order as they come: a common word can touch most of the plan.
    const best: SearchPlanHit[] = [];
    let matching = 0;
    acc.each((doc, score, flags) => {
      const item = index.docs[doc];
      if ((kinds && !kinds.has(item.kind)) || (hidden && item.hidden)) return;
      matching++;
      const rounded = Math.round(score * 100) / 100;
      if (
        best.length === limit &&
        (rounded < best[limit - 1].score || (rounded === best[limit - 1].score && item.name >= best[limit - 1].name))
      )
        return;
      const hit: SearchPlanHit = {
        kind: item.kind,
        id: item.id,
        name: item.name,
        status: item.status as SearchPlanHit['status'],
        score: rounded,
        matchedOn: MATCH_ORDER.filter((m) => flags & BIT[m]),
      };
      let at = best.length;
      while (at > 0 && byRank(hit, best[at - 1]) < 0) at--;
      best.splice(at, 0, hit);
      if (best.length > limit) best.pop();
    });
    return {
      output: { query: input.query, total: matching, results: best },
      references: best.map((hit) => ({ kind: hit.kind, id: hit.id })),
    };
  } finally {
    acc.release();
  }
}
