import type {
  Attribute,
  DestinationWarning,
  NameMappings,
  PlanSnapshot,
  Presence,
  SnapshotEvent,
  Validation,
} from '@tracemap/contracts';
import type { Keyed } from './model';

/** Visits one attribute an event carries, with its effective validation and presence. */
export type UseVisitor = (attribute: Attribute, validation: Validation, presence: Presence) => void;
/** Visits each attribute of a set, in order. */
export type Uses = (visit: UseVisitor) => void;

export interface PlanView {
  events: SnapshotEvent[];
  /** Each event's attributes, resolved through the snapshot's attribute list (no copy per event). */
  usesOf(event: SnapshotEvent): Uses;
  system: Attribute[];
  user: Attribute[];
  group: Attribute[];
}

/**
 * The parts of a snapshot a destination receives: events and attributes that are not archived
 * (archived items leave exports too), each event with its attributes in the order the plan gives.
 * A 10,000-event plan carries some 400,000 event attributes, so they are visited, never copied.
 */
export function planView(snapshot: PlanSnapshot): PlanView {
  // One pass over a large plan's 50,000 attributes, not one per list.
  const byId = new Map<string, Attribute>();
  const scoped: Record<Attribute['scope'], Attribute[]> = { system: [], user: [], group: [], event: [], view: [] };
  for (const attribute of snapshot.attributes) {
    if (attribute.status === 'archived') continue;
    byId.set(attribute.id, attribute);
    scoped[attribute.scope]?.push(attribute);
  }
  return {
    events: snapshot.events.filter((e) => e.status !== 'archived'),
    usesOf: (event) => (visit) => {
      for (const effective of event.effective) {
        const attribute = byId.get(effective.attributeId);
        if (attribute) visit(attribute, effective.validation, effective.presence);
      }
    },
    system: scoped.system,
    user: scoped.user,
    group: scoped.group,
  };
}

/** A plan-wide set of attributes (system, user, group) as optional uses with their own checks. */
export const ownUses =
  (attributes: Attribute[]): Uses =>
  (visit) => {
    for (const attribute of attributes) visit(attribute, attribute.validation, 'optional');
  };

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

/**
 * What an adapter's `desired` starts from: the plan's parts, the destination's name mappings,
 * the warnings so far, the names already taken, and the desired items keyed by `keyed` (a later
 * item with the same key replaces the earlier one).
 */
export function desiredDraft<T>(
  snapshot: PlanSnapshot,
  mappings: NameMappings | undefined,
  keyed: (item: T) => Keyed<T>,
) {
  const items = new Map<string, Keyed<T>>();
  return {
    plan: planView(snapshot),
    names: namer(mappings),
    warnings: [] as DestinationWarning[],
    taken: new Set<string>(),
    items,
    add(item: T): void {
      const entry = keyed(item);
      items.set(entry.key, entry);
    },
  };
}
