import type { Finding } from '@tracemap/contracts';

/** Key of a type split by event and property. */
export const splitKey = (event: string, property: string) => `${event}\u0000${property}`;

/**
 * The app version each type split came in, by event and property, from the
 * inconsistent-type findings: what the type bars print as "since 5.2.0". A
 * split filed on a view, a map or the system (event `*`) names its events in
 * its details.
 */
export function typeSplitsOf(findings: Pick<Finding, 'type' | 'subject' | 'details'>[]): Map<string, string> {
  const splits = new Map<string, string>();
  for (const f of findings) {
    const since = f.details.appVersion;
    const property = f.subject.property;
    if (f.type !== 'type_inconsistent' || !property || !since) continue;
    const events = f.subject.event === '*' ? (f.details.events ?? []) : [f.subject.event];
    for (const event of events) splits.set(splitKey(event, property), since);
  }
  return splits;
}
