import { ATTRIBUTE_SCOPES, type PlanItemKind } from '@tracemap/contracts';

/** What a list or a count is filtered by, as the question says it (checked against the plan when answering). */
export interface ItemFilter {
  tag?: string;
  owner?: string;
  status?: string;
  category?: string;
  scope?: string;
  /** A word before the kind ("core events", "live events"): a status, a tag or a category. */
  qualifier?: string;
}

export type Intent =
  | { kind: 'is_tracked'; subject: string }
  | { kind: 'properties'; subject: string; attribute?: string }
  | { kind: 'where_fires'; subject: string }
  | { kind: 'list'; item: PlanItemKind; filter: ItemFilter }
  | { kind: 'count'; item: PlanItemKind; filter: ItemFilter }
  | { kind: 'count_volume'; subject: string }
  | { kind: 'count_attributes'; subject: string }
  | { kind: 'view_events'; view: string }
  | { kind: 'planned_not_seen' }
  | { kind: 'unplanned_seen' }
  | { kind: 'whats_wrong'; subject: string }
  | { kind: 'plan_vs_source'; subject: string }
  | { kind: 'path'; from: string; to: string; map?: string }
  | { kind: 'owner'; subject: string };
export type IntentKind = Intent['kind'];

const ITEM_WORDS: Record<string, PlanItemKind> = {
  event: 'event',
  events: 'event',
  attribute: 'attribute',
  attributes: 'attribute',
  property: 'attribute',
  properties: 'attribute',
  view: 'view',
  views: 'view',
  page: 'view',
  pages: 'view',
  screen: 'view',
  screens: 'view',
  map: 'map',
  maps: 'map',
  journey: 'map',
  journeys: 'map',
};
const ITEMS = Object.keys(ITEM_WORDS).join('|');
const SCOPES: readonly string[] = ATTRIBUTE_SCOPES;

/** A subject as asked: without quotes, articles and a trailing kind word ("the X event"). */
export function cleanSubject(text: string): string {
  return text
    .trim()
    .replace(/^["'“”‘’`]+|["'“”‘’`]+$/g, '')
    .replace(/^(?:the|our|an?)\s+/i, '')
    .replace(/^(?:event|attribute|property|view|page|map)\s+(?=["'“‘`])/i, '')
    .replace(/\s+(?:event|events|attribute|property|view|page|screen|map)$/i, '')
    .replace(/^["'“”‘’`]+|["'“”‘’`]+$/g, '')
    .trim();
}

const FILLER =
  /\b(?:are there|are in the plan|in the plan|in our plan|in total|do we have|does the plan have|exist|there are|there|are|is|we have|have we got|planned for us)\b/g;

/**
 * The filter words after or before the kind ("tagged core", "owned by Finance",
 * "with status live", "live", "system"); null when words are left that it
 * does not understand, so an unknown question is refused instead of half read.
 */
export function parseFilter(before: string, after: string): ItemFilter | null {
  const filter: ItemFilter = {};
  let rest = ` ${after.trim()} `;
  const take = (pattern: RegExp, key: keyof ItemFilter) => {
    const match = rest.match(pattern);
    if (!match) return;
    filter[key] = cleanSubject(match[1]);
    rest = rest.replace(match[0], ' ');
  };
  take(
    /\s(?:that are |which are )?(?:tagged|tagged with|with (?:the )?tag|having (?:the )?tag)\s+(.+?)(?=\s+(?:owned|with|in|and)\s|\s*$)/i,
    'tag',
  );
  take(
    /\s(?:that are |which are )?(?:owned by|whose owner is|belonging to)\s+(.+?)(?=\s+(?:tagged|with|in|and)\s|\s*$)/i,
    'owner',
  );
  take(/\s(?:with (?:the )?status|in status|whose status is)\s+(\w+)/i, 'status');
  take(/\s(?:in (?:the )?category)\s+(.+?)(?=\s+(?:tagged|owned|with|and)\s|\s*$)/i, 'category');
  take(/\s(?:in (?:the )?)(\w+) category\b/i, 'category');
  take(/\s(?:that are|which are|are)\s+(planned|implemented|live|deprecated|archived)\b/i, 'status');
  if (
    rest
      .replace(FILLER, ' ')
      .replace(/[\s,]+/g, ' ')
      .trim() !== ''
  )
    return null;
  const words = before
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w && w !== 'the' && w !== 'all' && w !== 'our');
  if (words.length > 1) return null;
  if (words.length === 1) {
    if (SCOPES.includes(words[0]) && !filter.scope) filter.scope = words[0];
    else filter.qualifier = words[0];
  }
  return filter;
}

function itemQuestion(text: string): { item: PlanItemKind; filter: ItemFilter } | null {
  const match = text.match(new RegExp(`^(?:(\\w+)\\s+)?(${ITEMS})\\b(.*)$`, 'i'));
  if (!match) return null;
  const filter = parseFilter(match[1] ?? '', match[3]);
  return filter ? { item: ITEM_WORDS[match[2].toLowerCase()], filter } : null;
}

type Rule = [RegExp, (m: RegExpMatchArray) => Intent | null];

const RULES: Rule[] = [
  [
    /^(?:what(?:'s| is| are)? (?:the )?(?:paths?|routes?|ways?)|how (?:do|can|does) (?:users?|shoppers?|people|customers?|someone|i|we|a user|a shopper) (?:get|go|move|navigate)|(?:show|list|give) (?:me )?(?:the )?(?:paths?|routes?)|paths?|routes?) from (.+?) to (.+?)(?: (?:in|on|within) (?:the )?(?:map )?(.+?))?$/i,
    (m) => ({
      kind: 'path',
      from: cleanSubject(m[1]),
      to: cleanSubject(m[2]),
      ...(m[3] ? { map: cleanSubject(m[3].replace(/\s+map$/i, '')) } : {}),
    }),
  ],
  [
    /^(?:which|what) (?:planned )?events? (?:(?:in|of) (?:the|our) plan )?(?:were|was|are|have|has)(?: been)? (?:never|not) (?:been )?(?:seen|observed|sent|fired|received)(?: yet| in (?:the )?traffic| in production)?$|^(?:which|what) planned events? (?:did we|have we) (?:never|not) (?:see|seen|observe|observed|receive|received)$|^(?:list|show)(?: me)? (?:the )?planned events? (?:never|not) (?:seen|observed)$/i,
    () => ({ kind: 'planned_not_seen' }),
  ],
  [
    /^(?:which|what) (?:events? (?:were|are|was) (?:seen|observed|sent)(?: but| that are)? (?:not|never) (?:in the plan|planned)|unplanned events? (?:were|are|was|have been) (?:seen|observed|sent))$/i,
    () => ({ kind: 'unplanned_seen' }),
  ],
  [
    /^(?:who|which team|what team) (?:owns|is responsible for|maintains|is the owner of) (.+)$/i,
    (m) => ({ kind: 'owner', subject: cleanSubject(m[1]) }),
  ],
  [/^who is the owner of (.+)$/i, (m) => ({ kind: 'owner', subject: cleanSubject(m[1]) })],
  [
    /^(?:where|on which (?:views?|pages?|screens?)|on what (?:views?|pages?|screens?)|(?:which|what) (?:views?|pages?|screens?)) (?:does|do|is|can) (.+?) (?:fire|fires|get fired|triggered|get triggered|sent|tracked|happen|fired)(?: on| from)?$/i,
    (m) => ({ kind: 'where_fires', subject: cleanSubject(m[1]) }),
  ],
  [
    /^(?:which|what) events? (?:fire|fires|are fired|are sent|are tracked|are triggered) on (?:the )?(.+?)(?: (?:view|page|screen))?$|^(?:list|show)(?: me)? (?:the )?events? (?:of|on) (?:the )?(.+?)(?: (?:view|page|screen))?$/i,
    (m) => ({ kind: 'view_events', view: cleanSubject(m[1] ?? m[2]) }),
  ],
  [
    /^(?:where|which layer|what layer|from which layer|from what layer) (?:does|do) (?:the )?(?:attribute |property )?(.+?) (?:on|of|in|for) (.+?) come from$/i,
    (m) => ({ kind: 'properties', subject: cleanSubject(m[2]), attribute: cleanSubject(m[1]) }),
  ],
  [
    /^(?:what|which) (?:properties|attributes|params|parameters|fields) (?:does|do|are (?:on|in|sent with|there on|of)|are expected on) (.+?)(?: (?:have|has|carry|send|contain|take|need))?$/i,
    (m) => ({ kind: 'properties', subject: cleanSubject(m[1]) }),
  ],
  [
    /^(?:list|show)(?: me)? (?:the |all )?(?:properties|attributes) (?:of|on|for) (.+)$|^(?:properties|attributes) of (.+)$/i,
    (m) => ({ kind: 'properties', subject: cleanSubject(m[1] ?? m[2]) }),
  ],
  [
    /^(?:what(?:'s| is)|anything) (?:wrong|broken|off) with (.+)$|^(?:what|which|any|are there(?: any)?) (?:issues|problems|findings|errors) (?:with|for|on|about|of) (.+)$|^(?:does|is) (.+?) (?:have (?:any )?(?:issues|problems|findings)|broken)$/i,
    (m) => ({ kind: 'whats_wrong', subject: cleanSubject(m[1] ?? m[2] ?? m[3]) }),
  ],
  [
    /^(?:compare )?(?:the )?(?:plan|planned) (?:vs\.?|versus|against|compared (?:to|with)|and) (?:the )?(?:source|sources|observed|reality|traffic|data|implementation)(?: data)? (?:for|of|on) (.+)$|^(?:compare|check) (.+?) (?:against|with|to) (?:the )?plan$|^(?:does|is) (.+?) (?:match|matching|sent as|implemented as) (?:the )?(?:plan|planned)$|^how does (.+?) compare (?:to|with) (?:the )?plan$/i,
    (m) => ({ kind: 'plan_vs_source', subject: cleanSubject(m[1] ?? m[2] ?? m[3] ?? m[4]) }),
  ],
  [
    /^how many times (?:was|were|is|has|did|have) (.+?) (?:been )?(?:seen|fired|sent|observed|tracked|received|fire|triggered)$|^how (?:often|many times) (?:was|is|did|has) (.+?) (?:been )?(?:seen|fired|sent|observed|fire)$|^what is the (?:observed )?volume of (.+)$/i,
    (m) => ({ kind: 'count_volume', subject: cleanSubject(m[1] ?? m[2] ?? m[3]) }),
  ],
  [
    /^how many (?:properties|attributes) (?:does|do) (.+?) (?:have|has|carry|send)$/i,
    (m) => ({ kind: 'count_attributes', subject: cleanSubject(m[1]) }),
  ],
  [
    /^how many (.+)$/i,
    (m) => {
      const question = itemQuestion(m[1]);
      return question ? { kind: 'count', ...question } : null;
    },
  ],
  [
    /^(?:is|are) (.+?) (?:tracked|being tracked|in the plan|planned|instrumented|part of the plan)$|^do (?:we|you) (?:track|have an event for|have) (.+)$|^is there an? (?:event|attribute|property|view|page) (?:for|called|named) (.+)$|^does (?:the|our) plan (?:have|track|include|contain) (.+)$/i,
    (m) => ({ kind: 'is_tracked', subject: cleanSubject(m[1] ?? m[2] ?? m[3] ?? m[4]) }),
  ],
  [
    /^(?:list|show|name|give)(?: me)?(?: all| the| our)* (.+)$|^(?:which|what) (.+)$/i,
    (m) => {
      const question = itemQuestion(m[1] ?? m[2]);
      return question ? { kind: 'list', ...question } : null;
    },
  ],
];

/** The intent of a question, or null for anything it does not recognise in full. */
export function recognise(question: string): Intent | null {
  const text = question
    .trim()
    .replace(/[?.!]+$/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^(?:please|hey|hi|so|and|ok|okay),?\s+/i, '')
    .replace(/^(?:can|could) you (?:tell me|show me|list)\s+/i, (s) => (/list/i.test(s) ? 'list ' : ''))
    .replace(/^(?:tell me|i want to know|i'd like to know)\s+/i, '');
  if (text.length === 0 || text.length > 300) return null;
  for (const [pattern, build] of RULES) {
    const match = text.match(pattern);
    if (!match) continue;
    const intent = build(match);
    if (!intent) return null;
    const subjects = Object.values(intent).filter((v): v is string => typeof v === 'string');
    if (subjects.some((s) => s.length === 0)) return null;
    return intent;
  }
  return null;
}
