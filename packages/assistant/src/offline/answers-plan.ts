import { PLAN_STATUSES, type ListItemsInput, type PlanItemKind } from '@tracemap/contracts';
import type { Turn } from '../tools/turn';
import { bullets, count, item, layerPhrase, plural, readAs, resolveItem } from './format';
import type { Intent, ItemFilter } from './intents';

type Of<K extends Intent['kind']> = Extract<Intent, { kind: K }>;

const KIND_WORDS: Record<PlanItemKind, [string, string]> = {
  event: ['event', 'events'],
  attribute: ['attribute', 'attributes'],
  view: ['view', 'views'],
  map: ['map', 'maps'],
};
const STATUSES: readonly string[] = PLAN_STATUSES;

export function answerProperties(turn: Turn, intent: Of<'properties'>): string | null {
  const found = resolveItem(turn, intent.subject, ['event']);
  if (!found) return `Nothing in the plan is called "${intent.subject}".`;
  const event = turn.call('get_event', { event: found.hit.id });
  if (!event.event) return null;
  const name = item(event.event.name, { kind: 'event', id: event.event.id });
  if (intent.attribute) {
    const attribute = resolveItem(turn, intent.attribute, ['attribute']);
    const on = attribute && event.attributes.find((a) => a.id === attribute.hit.id);
    if (!on) return `${readAs(intent.subject, found)}${name} has no attribute called "${intent.attribute}".`;
    return `${readAs(intent.subject, found)}${item(on.name, { kind: 'attribute', id: on.id })} on ${name} is ${on.presence}, ${layerPhrase(on)}.`;
  }
  if (event.attributes.length === 0) return `${readAs(intent.subject, found)}${name} has no attributes.`;
  const lines = event.attributes.map(
    (a) => `${item(a.name, { kind: 'attribute', id: a.id })} (${a.type}, ${a.presence}) ${layerPhrase(a)}`,
  );
  return `${readAs(intent.subject, found)}${name} has ${plural(event.attributeCount, 'attribute')}:\n${bullets(lines)}`;
}

export function answerCountAttributes(turn: Turn, intent: Of<'count_attributes'>): string | null {
  const found = resolveItem(turn, intent.subject, ['event']);
  if (!found) return `Nothing in the plan is called "${intent.subject}".`;
  const event = turn.call('get_event', { event: found.hit.id });
  if (!event.event) return null;
  return `${readAs(intent.subject, found)}${item(event.event.name, { kind: 'event', id: event.event.id })} has ${plural(event.attributeCount, 'attribute')}.`;
}

export function answerWhereFires(turn: Turn, intent: Of<'where_fires'>): string | null {
  const found = resolveItem(turn, intent.subject, ['event']);
  if (!found) return `Nothing in the plan is called "${intent.subject}".`;
  const event = turn.call('get_event', { event: found.hit.id });
  if (!event.event) return null;
  const name = item(event.event.name, { kind: 'event', id: event.event.id });
  if (event.views.length === 0) return `${readAs(intent.subject, found)}The plan places ${name} on no view.`;
  const lines = event.views.map(
    (v) => `${item(v.name, { kind: 'view', id: v.id })}${v.trigger ? `: ${v.trigger.replace(/[[\]]/g, '')}` : ''}`,
  );
  const maps = event.maps.map((m) => item(m.name, { kind: 'map', id: m.id }));
  return [
    `${readAs(intent.subject, found)}${name} fires on these views:`,
    bullets(lines),
    ...(maps.length > 0 ? [`They are on the map ${maps.join(', ')}.`] : []),
  ].join('\n');
}

export function answerOwner(turn: Turn, intent: Of<'owner'>): string | null {
  const found = resolveItem(turn, intent.subject, ['event', 'attribute']);
  if (!found) return `Nothing in the plan is called "${intent.subject}".`;
  const owned =
    found.hit.kind === 'event'
      ? turn.call('get_event', { event: found.hit.id }).event
      : turn.call('get_attribute', { attribute: found.hit.id }).attribute;
  if (!owned) return null;
  const name = item(owned.name, { kind: found.hit.kind, id: owned.id });
  if (owned.owners.length === 0) return `${readAs(intent.subject, found)}${name} has no owner in the plan.`;
  return `${readAs(intent.subject, found)}${name} is owned by ${owned.owners.map((o) => o.replace(/[[\]*]/g, '')).join(', ')}.`;
}

/** The filters of a list or a count as the tool takes them; a word before the kind is a status, else a tag, else a category. */
function toolFilter(turn: Turn, kind: PlanItemKind, filter: ItemFilter): ListItemsInput | null {
  const input: ListItemsInput = { kind, limit: 50 };
  if (filter.tag) input.tag = filter.tag;
  if (filter.owner) input.owner = filter.owner;
  if (filter.category) input.category = filter.category;
  if (filter.status) {
    if (!STATUSES.includes(filter.status.toLowerCase())) return null;
    input.status = filter.status.toLowerCase() as ListItemsInput['status'];
  }
  let qualifier = filter.qualifier;
  if (filter.scope) {
    if (kind === 'attribute') input.scope = filter.scope as ListItemsInput['scope'];
    else qualifier = filter.scope;
  }
  if (!qualifier) return input;
  const word = qualifier.toLowerCase();
  if (STATUSES.includes(word) && !input.status) return { ...input, status: word as ListItemsInput['status'] };
  if (!input.tag && turn.call('list_items', { ...input, tag: word, limit: 1 }).total > 0)
    return { ...input, tag: word };
  if (kind === 'event' && !input.category && turn.call('list_items', { ...input, category: word, limit: 1 }).total > 0)
    return { ...input, category: word };
  return null;
}

function filterWords(input: ListItemsInput): string {
  const parts: string[] = [];
  if (input.status) parts.push(`with status ${input.status}`);
  if (input.tag) parts.push(`tagged "${input.tag}"`);
  if (input.owner) parts.push(`owned by "${input.owner}"`);
  if (input.category) parts.push(`in the category "${input.category}"`);
  if (input.scope) parts.push(`of scope ${input.scope}`);
  return parts.length > 0 ? ` ${parts.join(', ')}` : '';
}

export function answerList(turn: Turn, intent: Of<'list'> | Of<'count'>): string | null {
  const input = toolFilter(turn, intent.item, intent.filter);
  if (!input) return null;
  const listed = turn.call('list_items', input);
  const [one, many] = KIND_WORDS[intent.item];
  const head = `There ${listed.total === 1 ? 'is' : 'are'} ${plural(listed.total, one, many)}${filterWords(input)} in the plan`;
  if (listed.total === 0) return `${head}.`;
  const names = listed.items.map((i) => item(i.name, { kind: intent.item, id: i.id }));
  if (intent.kind === 'count') {
    const shown = names.slice(0, 10);
    return `${head}: ${shown.join(', ')}${listed.total > shown.length ? ', …' : ''}.`;
  }
  const more = listed.total > names.length ? `\n(the first ${count(names.length)} of them)` : '';
  return `${head}:\n${bullets(names)}${more}`;
}

export function answerViewEvents(turn: Turn, intent: Of<'view_events'>): string | null {
  const found = resolveItem(turn, intent.view, ['view']);
  if (!found) return `No view in the plan is called "${intent.view}".`;
  const view = turn.call('get_view', { view: found.hit.id });
  if (!view.view) return null;
  const name = item(view.view.name, { kind: 'view', id: view.view.id });
  if (view.events.length === 0) return `No event fires on ${name}.`;
  const lines = view.events.map(
    (e) => `${item(e.name, { kind: 'event', id: e.id })}${e.trigger ? `: ${e.trigger.replace(/[[\]]/g, '')}` : ''}`,
  );
  return `${readAs(intent.view, found)}These events fire on ${name}:\n${bullets(lines)}`;
}

export function answerPath(turn: Turn, intent: Of<'path'>): string | null {
  const from = resolveItem(turn, intent.from, ['view']);
  const to = resolveItem(turn, intent.to, ['view']);
  if (!from || !to) return `No view in the plan is called "${!from ? intent.from : intent.to}".`;
  let mapId: string | undefined;
  if (intent.map) {
    const map = resolveItem(turn, intent.map, ['map']);
    if (!map) return `No map in the plan is called "${intent.map}".`;
    mapId = map.hit.id;
  }
  const result = turn.call('get_map', {
    ...(mapId ? { map: mapId } : {}),
    from: from.hit.id,
    to: to.hit.id,
    maxPaths: 5,
  });
  if (!result.map)
    return `No map has both ${item(from.hit.name, { kind: 'view', id: from.hit.id })} and ${item(to.hit.name, { kind: 'view', id: to.hit.id })}.`;
  const map = item(result.map.name, { kind: 'map', id: result.map.id });
  const ends = `from ${item(from.hit.name, { kind: 'view', id: from.hit.id })} to ${item(to.hit.name, { kind: 'view', id: to.hit.id })}`;
  if (result.paths.length === 0) return `${map} has no path ${ends}.`;
  const lines = result.paths.map((path) =>
    path
      .map((step, i) =>
        i === 0 ? step.view.name : `→ ${step.view.name}${step.event ? ` (via ${step.event.name})` : ''}`,
      )
      .join(' '),
  );
  return `In ${map}, ${ends}, shortest first:\n${bullets(lines)}`;
}
