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
    for (const contribution of contributions) mergeInto(merged, layer, contribution, problems);
  }
  return { attributes: sortByPresenceThenName([...merged.values()]), problems };
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

function mergeInto(merged: Map<string, EffectiveAttribute>, layer: Layer, c: Contribution, problems: ResolveProblem[]) {
  const key = foldName(c.attribute.name);
  const type = c.attribute.type;
  const previous = merged.get(key);
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

/** Required first, then by folded name (each folded once, not once per comparison), then by exact name. */
function sortByPresenceThenName(attributes: EffectiveAttribute[]): EffectiveAttribute[] {
  const keyed = attributes.map((entry) => ({ entry, folded: foldName(entry.attribute.name) }));
  keyed.sort((a, b) => {
    if (a.entry.presence !== b.entry.presence) return a.entry.presence === 'required' ? -1 : 1;
    if (a.folded !== b.folded) return a.folded < b.folded ? -1 : 1;
    const [na, nb] = [a.entry.attribute.name, b.entry.attribute.name];
    return na < nb ? -1 : na > nb ? 1 : 0;
  });
  return keyed.map((k) => k.entry);
}
