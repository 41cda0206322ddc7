import type { PlanItemKind, SearchPlanHit, SearchPlanInput, SearchPlanOutput } from '@tracemap/contracts';
import type { ToolContext } from '../data';
import { seesHiddenAttributes } from '../roles';
import { similarIn, type SearchField } from '../plan/search-index';
import { foldName, tokens } from '../plan/tokens';
import type { ToolResult } from './tool-result';

type Match = SearchPlanHit['matchedOn'][number];
const EXACT_NAME = 100;
const FOLDED_NAME = 80;
const SIMILAR_NAME = 40;
/** A word found only through a similar word counts for this share of the word itself. */
const SIMILAR_WORD = 0.5;
const MATCH_ORDER: Match[] = ['name', 'folded_name', 'similar_name', 'words', 'tag', 'view', 'description'];
const FIELD_MATCH: Record<SearchField, Match> = { name: 'words', tag: 'tag', view: 'view', description: 'description' };

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
  const scores = new Map<number, { score: number; matched: Set<Match> }>();
  const credit = (doc: number, score: number, match: Match) => {
    const found = scores.get(doc);
    if (found) {
      found.score += score;
      found.matched.add(match);
    } else scores.set(doc, { score, matched: new Set([match]) });
  };

  const folded = foldName(input.query);
  const typed = input.query.trim().toLowerCase();
  for (const doc of index.byFolded.get(folded) ?? []) {
    const exact = index.docs[doc].name.toLowerCase() === typed;
    credit(doc, exact ? EXACT_NAME : FOLDED_NAME, exact ? 'name' : 'folded_name');
  }
  if (folded.length >= 4) {
    for (const doc of similarIn(index.nameKeys(), folded, (d) => index.docs[d].folded)) {
      credit(doc, SIMILAR_NAME, 'similar_name');
    }
  }
  const total = index.docs.length;
  for (const word of new Set(tokens(input.query))) {
    const expansions: Array<[string, number]> = index.postings.has(word) ? [[word, 1]] : [];
    if (word.length >= 4) {
      for (const similar of similarIn(index.wordKeys(), word, (w) => w)) expansions.push([similar, SIMILAR_WORD]);
    }
    for (const [term, factor] of expansions) {
      const postings = index.postings.get(term) ?? [];
      const idf = Math.log(1 + total / postings.length);
      for (const posting of postings) credit(posting.doc, posting.weight * idf * factor, FIELD_MATCH[posting.field]);
    }
  }

  const hidden = !seesHiddenAttributes(ctx.role);
  const hits: SearchPlanHit[] = [];
  for (const [doc, { score, matched }] of scores) {
    const item = index.docs[doc];
    if (kinds && !kinds.has(item.kind)) continue;
    if (hidden && item.hidden) continue;
    hits.push({
      kind: item.kind,
      id: item.id,
      name: item.name,
      status: item.status as SearchPlanHit['status'],
      score: Math.round(score * 100) / 100,
      matchedOn: MATCH_ORDER.filter((m) => matched.has(m)),
    });
  }
  hits.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const results = hits.slice(0, limit);
  return {
    output: { query: input.query, total: hits.length, results },
    references: results.map((hit) => ({ kind: hit.kind, id: hit.id })),
  };
}
