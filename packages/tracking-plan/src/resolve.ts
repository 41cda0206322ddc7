import type {
  Attribute,
  AttributeLink,
  EffectiveAttribute,
  Layer,
  LayerSource,
  Presence,
  Validation,
} from '@tracemap/contracts';
import { foldName } from './names';
import { narrowingProblem, narrowValidation } from './narrowing';

/**
 * The effective attributes of an event, merged from least to most specific:
 * system attributes → the maps its views are on → the views it fires on → its
 * own links. See the package README for the rule in words.
 */
export interface LinkHolder {
  id: string;
  name: string;
  attributes: AttributeLink[];
}
export interface ResolveInput {
  event: { id: string; attributes: AttributeLink[] };
  attributesById: ReadonlyMap<string, Attribute>;
  attributeInheritance: boolean;
  /** Scope `system`, not archived. */
  systemAttributes: Attribute[];
  /** The views the event fires on. */
  views: LinkHolder[];
  /** The maps those views are on. */
  maps: LinkHolder[];
}
export interface ResolveProblem {
  attributeId: string;
  message: string;
}
export interface ResolvedAttributes {
  attributes: EffectiveAttribute[];
  problems: ResolveProblem[];
}

/** One attribute as one layer brings it. */
interface Contribution {
  attribute: Attribute;
  presence: Presence;
  override?: Validation | null;
  sources: LayerSource[];
}

const NEVER_ON_EVENTS = new Set(['user', 'group']);

export function resolveEffectiveAttributes(input: ResolveInput): ResolvedAttributes {
  const problems: ResolveProblem[] = [];
  const merged = new Map<string, EffectiveAttribute>(); // by folded name: one property per name in a payload
  const layers: Array<[Layer, Contribution[]]> = [];
  if (input.attributeInheritance) {
    layers.push(['system', systemLayer(input.systemAttributes)]);
    layers.push(['map', holderLayer('map', input.maps, input.attributesById, problems)]);
    layers.push(['view', holderLayer('view', input.views, input.attributesById, problems)]);
  }
  layers.push(['event', eventLayer(input.event, input.attributesById, problems)]);
  for (const [layer, contributions] of layers) {
    for (const contribution of contributions) mergeInto(merged, layer, contribution, problems, foldName);
  }
  return { attributes: sortByPresenceThenName([...merged.values()], foldName), problems };
}

/**
 * The effective attributes of many events of one plan, for callers that need no problems (code
 * generation): the system, map and view layers are merged and sorted once per list of views and
 * maps, each event's own links go over them and the two sorted lists are merged, and each name is
 * folded once. A large plan's events share their views (10,000 events on 2,000 views), so most of
 * the work is not repeated per event. Same attributes, in the same order, as
 * `resolveEffectiveAttributes`.
 */
export function effectiveAttributesResolver(
  plan: Pick<ResolveInput, 'attributesById' | 'attributeInheritance' | 'systemAttributes'>,
): (event: ResolveInput['event'], views: LinkHolder[], maps: LinkHolder[]) => EffectiveAttribute[] {
  const foldedNames = new Map<string, string>();
  const fold = (name: string) => {
    let folded = foldedNames.get(name);
    if (folded === undefined) foldedNames.set(name, (folded = foldName(name)));
    return folded;
  };
  const unused: ResolveProblem[] = [];
  const none: Inherited = { byName: new Map(), sorted: [] };
  const inheritedBy = new Map<string, Inherited>();
  const inherited = (views: LinkHolder[], maps: LinkHolder[]): Inherited => {
    if (!plan.attributeInheritance) return none;
    // Holders in their order: the order of an attribute's sources follows it.
    const key = `${maps.map((m) => m.id).join(',')}|${views.map((v) => v.id).join(',')}`;
    let layers = inheritedBy.get(key);
    if (layers === undefined) {
      const byName = new Map<string, EffectiveAttribute>();
      const contributions: Array<[Layer, Contribution[]]> = [
        ['system', systemLayer(plan.systemAttributes)],
        ['map', holderLayer('map', maps, plan.attributesById, unused)],
        ['view', holderLayer('view', views, plan.attributesById, unused)],
      ];
      for (const [layer, list] of contributions)
        for (const contribution of list) mergeInto(byName, layer, contribution, unused, fold);
      layers = { byName, sorted: sortedByPresenceThenName(byName) };
      inheritedBy.set(key, layers);
    }
    return layers;
  };
  return (event, views, maps) => {
    const under = inherited(views, maps);
    const own = new Map<string, EffectiveAttribute>();
    for (const contribution of eventLayer(event, plan.attributesById, unused))
      mergeInto(own, 'event', contribution, unused, fold, under.byName);
    unused.length = 0;
    if (own.size === 0) return under.sorted.map((k) => k.entry);
    // Names are unique in each list and the order is total, so merging the sorted lists sorts the whole.
    const mine = sortedByPresenceThenName(own);
    const attributes: EffectiveAttribute[] = [];
    let next = 0;
    for (const k of under.sorted) {
      if (own.has(k.folded)) continue;
      while (next < mine.length && byPresenceThenName(mine[next], k) < 0) attributes.push(mine[next++].entry);
      attributes.push(k.entry);
    }
    while (next < mine.length) attributes.push(mine[next++].entry);
    return attributes;
  };
}

/** Merged attributes by folded name, and the same sorted. */
interface Inherited {
  byName: ReadonlyMap<string, EffectiveAttribute>;
  sorted: FoldedEntry[];
}

function systemLayer(systemAttributes: Attribute[]): Contribution[] {
  return systemAttributes
    .filter((a) => a.scope === 'system' && a.status !== 'archived')
    .map((attribute) => ({ attribute, presence: 'optional', sources: [{ layer: 'system', presence: 'optional' }] }));
}

/**
 * The union of the attributes of several views (or maps). An attribute is
 * required only when every one of them requires it; an override applies only
 * when every holder that links the attribute gives the same one, since the event
 * may fire on any of them.
 */
function holderLayer(
  layer: 'view' | 'map',
  holders: LinkHolder[],
  attributesById: ReadonlyMap<string, Attribute>,
  problems: ResolveProblem[],
): Contribution[] {
  const byId = new Map<string, Contribution & { requiredCount: number; overrides: string[] }>();
  for (const holder of holders) {
    for (const link of uniqueLinks(holder.attributes)) {
      const attribute = usableAttribute(link.attributeId, attributesById, problems, `${layer} “${holder.name}”`);
      if (!attribute) continue;
      let entry = byId.get(attribute.id);
      if (!entry) {
        entry = {
          attribute,
          presence: 'optional',
          override: link.validationOverride,
          sources: [],
          requiredCount: 0,
          overrides: [],
        };
        byId.set(attribute.id, entry);
      }
      if (link.presence === 'required') entry.requiredCount++;
      entry.overrides.push(JSON.stringify(link.validationOverride ?? null));
      entry.sources.push({ layer, id: holder.id, name: holder.name, presence: link.presence });
    }
  }
  return [...byId.values()].map(({ requiredCount, overrides, ...entry }) => ({
    ...entry,
    presence: requiredCount === holders.length ? 'required' : 'optional',
    override: overrides.every((o) => o === overrides[0]) ? entry.override : null,
  }));
}

function eventLayer(
  event: ResolveInput['event'],
  attributesById: ReadonlyMap<string, Attribute>,
  problems: ResolveProblem[],
): Contribution[] {
  const contributions: Contribution[] = [];
  for (const link of uniqueLinks(event.attributes)) {
    const attribute = usableAttribute(link.attributeId, attributesById, problems, 'the event');
    if (!attribute) continue;
    const presence = link.presence;
    contributions.push({
      attribute,
      presence,
      override: link.validationOverride,
      sources: [{ layer: 'event', id: event.id, presence }],
    });
  }
  return contributions;
}

/** A link listed twice counts once, required if either copy is. */
function uniqueLinks(links: AttributeLink[]): AttributeLink[] {
  const byId = new Map<string, AttributeLink>();
  for (const link of links) {
    const seen = byId.get(link.attributeId);
    if (!seen || link.presence === 'required')
      byId.set(link.attributeId, seen ? { ...seen, presence: 'required' } : link);
  }
  return [...byId.values()];
}

function usableAttribute(
  attributeId: string,
  attributesById: ReadonlyMap<string, Attribute>,
  problems: ResolveProblem[],
  where: string,
): Attribute | null {
  const attribute = attributesById.get(attributeId);
  if (!attribute) {
    problems.push({ attributeId, message: `An attribute linked on ${where} does not exist.` });
    return null;
  }
  if (attribute.status === 'archived') return null;
  if (NEVER_ON_EVENTS.has(attribute.scope)) {
    problems.push({
      attributeId,
      message: `“${attribute.name}” is a ${attribute.scope} attribute; ${attribute.scope} attributes never attach to events, so its link on ${where} is ignored.`,
    });
    return null;
  }
  return attribute;
}

function mergeInto(
  merged: Map<string, EffectiveAttribute>,
  layer: Layer,
  c: Contribution,
  problems: ResolveProblem[],
  fold: (name: string) => string,
  under?: ReadonlyMap<string, EffectiveAttribute>,
) {
  const key = fold(c.attribute.name);
  const type = c.attribute.type;
  const previous = merged.get(key) ?? under?.get(key);
  if (previous && previous.attribute.type !== c.attribute.type) {
    problems.push({
      attributeId: c.attribute.id,
      message:
        `“${c.attribute.name}” is ${c.attribute.type} on the ${layer} layer but ${previous.attribute.type} on the ${previous.layer} layer; ` +
        `a more specific layer may not change the type, and its link wins.`,
    });
  }
  const sameAttribute = previous?.attribute.id === c.attribute.id;
  const keepsPrevious = previous && previous.attribute.type === c.attribute.type;
  // A layer may tighten presence but not loosen it, unless it replaces a conflicting type.
  const presence: Presence = keepsPrevious && previous.presence === 'required' ? 'required' : c.presence;
  let validation = sameAttribute ? previous.validation : c.attribute.validation;
  if (c.override && c.override.kind !== 'none') {
    const problem = narrowingProblem(validation, c.override, type, c.attribute.itemType);
    if (problem)
      problems.push({
        attributeId: c.attribute.id,
        message: `“${c.attribute.name}” on the ${layer} layer: ${problem}`,
      });
    validation = narrowValidation(validation, c.override, type, c.attribute.itemType);
  }
  merged.set(key, {
    attribute: c.attribute,
    presence,
    validation,
    layer,
    sources: keepsPrevious ? [...previous.sources, ...c.sources] : c.sources,
  });
}

interface FoldedEntry {
  entry: EffectiveAttribute;
  folded: string;
}

/** Required first, then by folded name, then by exact name. */
function byPresenceThenName(a: FoldedEntry, b: FoldedEntry): number {
  if (a.entry.presence !== b.entry.presence) return a.entry.presence === 'required' ? -1 : 1;
  if (a.folded !== b.folded) return a.folded < b.folded ? -1 : 1;
  const [na, nb] = [a.entry.attribute.name, b.entry.attribute.name];
  return na < nb ? -1 : na > nb ? 1 : 0;
}

/** Each name folded once, not once per comparison. */
function sortByPresenceThenName(
  attributes: EffectiveAttribute[],
  fold: (name: string) => string,
): EffectiveAttribute[] {
  return attributes
    .map((entry) => ({ entry, folded: fold(entry.attribute.name) }))
    .sort(byPresenceThenName)
    .map((k) => k.entry);
}

/** Merged attributes (keyed by folded name), sorted. */
function sortedByPresenceThenName(byName: ReadonlyMap<string, EffectiveAttribute>): FoldedEntry[] {
  const keyed: FoldedEntry[] = [];
  for (const [folded, entry] of byName) keyed.push({ entry, folded });
  return keyed.sort(byPresenceThenName);
}
