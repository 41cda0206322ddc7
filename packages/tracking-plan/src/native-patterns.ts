import type { AttributeLink, HistoryEntityKind, NativePlan, RejectedRow, Validation } from '@tracemap/contracts';
import { userPatternError } from './user-pattern';

/**
 * Regex patterns in a plan file, the attributes' and the links' overrides,
 * are refused when they could not be saved one by one: a pattern that does
 * not compile or that RE2 cannot run (backreferences, lookaround).
 */
export function patternRejections(plan: NativePlan): RejectedRow[] {
  const rejected: RejectedRow[] = [];
  const check = (validation: Validation | null | undefined, row: string, kind: HistoryEntityKind, name: string) => {
    if (validation?.kind !== 'regex' || !validation.pattern) return;
    const error = userPatternError(validation.pattern);
    if (error) rejected.push({ row, kind, name, reason: error });
  };
  const checkLinks = (links: readonly AttributeLink[], path: string, kind: HistoryEntityKind, name: string) =>
    links.forEach((link, j) =>
      check(link.validationOverride, `${path}.attributes[${j}].validationOverride.pattern`, kind, name),
    );
  plan.attributes.forEach((a, i) => check(a.validation, `attributes[${i}].validation.pattern`, 'attribute', a.name));
  plan.events.forEach((e, i) => checkLinks(e.attributes, `events[${i}]`, 'event', e.name));
  plan.views.forEach((v, i) => checkLinks(v.attributes, `views[${i}]`, 'view', v.name));
  (plan.maps ?? []).forEach((m, i) => checkLinks(m.attributes, `maps[${i}]`, 'map', m.name));
  return rejected;
}
