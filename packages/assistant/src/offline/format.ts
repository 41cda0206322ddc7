import type { ChatReference, EventAttribute, PlanItemKind, SearchPlanHit } from '@tracemap/contracts';
import { cite } from '../grounding/references';
import { tokens } from '../plan/tokens';
import type { Turn } from '../tools/turn';

// Text of offline answers: plan items in bold with their citation, figures as
// tools returned them, observed names quoted as data.

const plain = (name: string) => name.replace(/[[\]*`~]/g, ' ').trim();

export const item = (name: string, ref: ChatReference) => `**${plain(name)}** ${cite(ref)}`;

export const count = (n: number) => n.toLocaleString('en-US');

/** A share (0–1) as a percent with at most one decimal. */
export const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

export const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

export const bullets = (lines: readonly string[]) => lines.map((line) => `- ${line}`).join('\n');

export function layerPhrase(attribute: EventAttribute): string {
  const named = attribute.from.filter((s) => s.layer === attribute.layer && s.name).map((s) => `**${plain(s.name!)}**`);
  switch (attribute.layer) {
    case 'event':
      return 'set on the event itself';
    case 'view':
      return named.length > 0 ? `from the view ${named.join(', ')}` : 'from a view';
    case 'map':
      return named.length > 0 ? `from the map ${named.join(', ')}` : 'from a map';
    default:
      return 'from the system attributes';
  }
}

export interface Resolved {
  hit: SearchPlanHit;
  /** True when the name was read as a similar one (a typo, a plural). */
  similar: boolean;
}

/**
 * The plan item a question names: its name as typed or folded, a name one
 * edit away, or the one item whose name has every word asked for. Anything
 * looser is not an answer to what was asked.
 */
export function resolveItem(turn: Turn, subject: string, kinds: PlanItemKind[]): Resolved | null {
  const { results } = turn.call('search_plan', { query: subject.slice(0, 200), kinds, limit: 10 });
  const top = results[0];
  if (!top) return null;
  if (top.matchedOn.includes('name') || top.matchedOn.includes('folded_name')) return { hit: top, similar: false };
  const asked = tokens(subject);
  const covering = results.filter((r) => {
    const words = new Set(tokens(r.name));
    return asked.length > 0 && asked.every((w) => words.has(w));
  });
  if (covering.length > 0) {
    const fewest = Math.min(...covering.map((r) => tokens(r.name).length));
    const best = covering.filter((r) => tokens(r.name).length === fewest);
    if (best.length === 1) return { hit: best[0], similar: false };
  }
  const similar = results.filter((r) => r.matchedOn.includes('similar_name'));
  if (similar.length === 1) return { hit: similar[0], similar: true };
  return null;
}

export const readAs = (asked: string, resolved: Resolved) =>
  resolved.similar ? `I read "${plain(asked)}" as ${plain(resolved.hit.name)}. ` : '';
