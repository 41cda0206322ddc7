import type { Attribute, LintFinding, PlanEvent, PlanView } from '@tracemap/contracts';
import type { LintInput } from '../src/lint';
import { event, optional, view } from './builders';

/** The company settings the lint tests start from. */
export const settings: LintInput['settings'] = { eventNameCase: 'Title Case', attributeNameCase: 'snake_case' };
/** A plan where every entity is used, so each test sees only what it adds. */
export function plan(
  attributes: Attribute[],
  events: PlanEvent[] = [],
  views: PlanView[] = [],
  extra: Partial<LintInput> = {},
): LintInput {
  const linked = event('Everything Used', {
    attributes: attributes.filter((a) => a.scope === 'event' || a.scope === 'view').map((a) => optional(a)),
  });
  const home = view('Home', { events: [...events, linked].map((e) => ({ eventId: e.id })) });
  return { attributes, events: [...events, linked], views: [...views, home], settings, ...extra };
}
export const rulesOf = (findings: LintFinding[], rule: LintFinding['rule']) => findings.filter((f) => f.rule === rule);
