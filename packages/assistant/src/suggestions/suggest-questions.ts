import type { Finding, PlanView, SnapshotEvent } from '@tracemap/contracts';
import type { PreparedDiscovery } from '../discovery/prepare-discovery';
import { recognise } from '../offline/intents';
import type { PreparedPlan } from '../plan/prepare-plan';

const MAX = 6;
// Names the offline answerer reads back whole: quotes, brackets and question marks would cut a subject short.
const READABLE = /^[\p{L}\p{N}][\p{L}\p{N} _.\-/&]{0,60}$/u;
const readable = (name: string) => READABLE.test(name);

const isLive = (item: { status: string }) => item.status !== 'archived' && item.status !== 'deprecated';

/** The item most often counted, ties broken by name so the same plan always gives the same questions. */
function mostCommon(counts: Map<string, number>): string | undefined {
  let best: [string, number] | undefined;
  for (const entry of counts) {
    if (!best || entry[1] > best[1] || (entry[1] === best[1] && entry[0] < best[0])) best = entry;
  }
  return best?.[0];
}

/** The event a newcomer would ask about first: live, fired on the most views, with the most attributes. */
function headlineEvent(plan: PreparedPlan, skip: ReadonlySet<string>): SnapshotEvent | undefined {
  let best: SnapshotEvent | undefined;
  let bestScore = -1;
  for (const event of plan.plan.events) {
    if (!isLive(event) || skip.has(event.id) || !readable(event.name)) continue;
    const score = (plan.viewsOfEvent.get(event.id)?.length ?? 0) * 1000 + event.effective.length;
    if (score > bestScore || (score === bestScore && best && event.name < best.name)) {
      best = event;
      bestScore = score;
    }
  }
  return best;
}

function commonTag(events: readonly SnapshotEvent[]): string | undefined {
  const counts = new Map<string, number>();
  for (const event of events) {
    if (!isLive(event)) continue;
    for (const tag of event.tags) if (readable(tag)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return mostCommon(counts);
}

/** Two views one map joins with an edge, so a path between them exists. */
function joinedViews(plan: PreparedPlan): { from: PlanView; to: PlanView; map: string } | undefined {
  for (const map of plan.plan.maps) {
    if (!isLive(map) || !readable(map.name)) continue;
    for (const edge of map.edges) {
      const from = plan.viewsById.get(edge.from);
      const to = plan.viewsById.get(edge.to);
      if (from && to && from.id !== to.id && readable(from.name) && readable(to.name))
        return { from, to, map: map.name };
    }
  }
  return undefined;
}

/** The event named by the most severe open finding, when it is in the plan under a readable name. */
function troubledEvent(plan: PreparedPlan, discovery: PreparedDiscovery): SnapshotEvent | undefined {
  const rank: Record<Finding['severity'], number> = { high: 0, medium: 1, low: 2 };
  const open = discovery.findings
    .filter((f) => f.state === 'open' && f.details.planEventId)
    .sort((a, b) => rank[a.severity] - rank[b.severity] || a.id.localeCompare(b.id));
  for (const finding of open) {
    const event = plan.eventsById.get(finding.details.planEventId ?? '');
    if (event && readable(event.name)) return event;
  }
  return undefined;
}

/**
 * Up to six questions about this company's own plan (and its observed
 * traffic, when there is some) that the offline answerer answers: real
 * event, tag, view and map names in the phrasings it recognises, then counts
 * (an empty plan gets only those). Each is checked against the recogniser, so
 * a name it would misread is left out.
 */
export function suggestQuestions(plan: PreparedPlan, discovery?: PreparedDiscovery | null): string[] {
  const questions: string[] = [];
  const used = new Set<string>();
  const add = (question: string | undefined) => {
    if (question && questions.length < MAX && !questions.includes(question) && recognise(question)) {
      questions.push(question);
    }
  };

  const first = headlineEvent(plan, used);
  if (first) used.add(first.id);
  const second = headlineEvent(plan, used);
  if (first) add(`What properties does ${first.name} have?`);
  if (first && (plan.viewsOfEvent.get(first.id)?.length ?? 0) > 0) add(`Where does ${first.name} fire?`);
  if (discovery) {
    const troubled = troubledEvent(plan, discovery);
    if (troubled) add(`What's wrong with ${troubled.name}?`);
    add('Which planned events were not seen?');
  }
  const path = joinedViews(plan);
  if (path) add(`What are the paths from ${path.from.name} to ${path.to.name} in ${path.map}?`);
  const tag = commonTag(plan.plan.events);
  if (tag) add(`List events tagged ${tag}`);
  if (second) add(`Is ${second.name} tracked?`);
  add('How many events are live?');
  add('How many events are there?');
  add('How many views are there?');
  return questions;
}
