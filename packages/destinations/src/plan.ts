import type {
  Attribute,
  DestinationWarning,
  EffectiveAttribute,
  NameMappings,
  PlanSnapshot,
  SnapshotEvent,
} from '@tracemap/contracts';

/** An event of the plan with its effective attributes resolved to whole attributes. */
export interface PlanEventRows {
  event: SnapshotEvent;
  attributes: EffectiveAttribute[];
}

export interface PlanView {
  events: PlanEventRows[];
  system: Attribute[];
  user: Attribute[];
  group: Attribute[];
}

/**
 * The parts of a snapshot a destination receives: events and attributes that are not archived
 * (archived items leave exports too), each event with its attributes in the order the plan gives.
 */
export function planView(snapshot: PlanSnapshot): PlanView {
  const live = snapshot.attributes.filter((a) => a.status !== 'archived');
  const byId = new Map(live.map((a) => [a.id, a]));
  const events: PlanEventRows[] = [];
  for (const event of snapshot.events) {
    if (event.status === 'archived') continue;
    const attributes: EffectiveAttribute[] = [];
    for (const effective of event.effective) {
      const attribute = byId.get(effective.attributeId);
      if (!attribute) continue;
      attributes.push({
        attribute,
        presence: effective.presence,
        validation: effective.validation,
        layer: effective.layer,
        sources: effective.sources,
      });
    }
    events.push({ event, attributes });
  }
  const scoped = (scope: Attribute['scope']) => live.filter((a) => a.scope === scope);
  return { events, system: scoped('system'), user: scoped('user'), group: scoped('group') };
}

/** A system-wide attribute as an optional effective attribute (for common, user and group schemas). */
export function asEffective(attribute: Attribute): EffectiveAttribute {
  return {
    attribute,
    presence: 'optional',
    validation: attribute.validation,
    layer: 'system',
    sources: [{ layer: 'system', presence: 'optional' }],
  };
}

/** Plan names to destination names, through the destination's mappings. */
export function namer(names: NameMappings | undefined) {
  return {
    event: (name: string) => names?.events?.[name] ?? name,
    property: (name: string) => names?.properties?.[name] ?? name,
  };
}

// The warnings already given per list, so a 10,000-event plan does not rescan its list per attribute.
const given = new WeakMap<DestinationWarning[], Set<string>>();

/** Adds a warning once per code and subject. */
export function warn(warnings: DestinationWarning[], warning: DestinationWarning): void {
  let seen = given.get(warnings);
  if (!seen) given.set(warnings, (seen = new Set(warnings.map((w) => `${w.code}\u0000${w.subject ?? ''}`))));
  const id = `${warning.code}\u0000${warning.subject ?? ''}`;
  if (seen.has(id)) return;
  seen.add(id);
  warnings.push(warning);
}

/** Effective attributes under their destination names (the same list when no property is renamed). */
export function renamed(attributes: EffectiveAttribute[], names: NameMappings | undefined): EffectiveAttribute[] {
  const map = names?.properties;
  if (!map || Object.keys(map).length === 0) return attributes;
  return attributes.map((a) =>
    map[a.attribute.name] ? { ...a, attribute: { ...a.attribute, name: map[a.attribute.name] } } : a,
  );
}

/** Destination names that two plan items map to: the second is left out, with a warning. */
export function claimName(
  taken: Set<string>,
  name: string,
  warnings: DestinationWarning[],
  destination: string,
): boolean {
  if (!taken.has(name)) {
    taken.add(name);
    return true;
  }
  warn(warnings, {
    code: 'name_collision',
    subject: name,
    message: `Two plan items map to "${name}" in ${destination}; only the first is pushed.`,
  });
  return false;
}
