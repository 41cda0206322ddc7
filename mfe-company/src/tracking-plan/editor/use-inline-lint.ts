import { useMemo } from 'react';
import { lintEntity, type LintInput } from '../plan-logic';
import type { EntityKind, LintFinding, LintSettings } from '@tracemap/shell-core/tracking-plan';
import { useCompany } from '../../company-layout/context';

/**
 * Rules that need the whole plan (other names, who uses what). The editor only has the entity
 * in hand, so those are left to the server, which reports them when the user saves.
 */
const PLAN_WIDE = new Set<string>([
  'unique-name',
  'similar-name',
  'unused-attribute',
  'event-without-view',
  'deprecated-on-map',
]);

const DEFAULTS: Record<EntityKind, Record<string, unknown>> = {
  attribute: {
    displayName: '',
    description: '',
    scope: 'event',
    type: 'string',
    itemType: null,
    validation: { kind: 'none' },
    origin: '',
    exposed: true,
    nullable: false,
    pii: false,
    tags: [],
    status: 'planned',
    owners: [],
  },
  event: {
    displayName: '',
    description: '',
    kind: 'track',
    category: '',
    tags: [],
    owners: [],
    status: 'planned',
    trigger: '',
    attributes: [],
  },
  view: {
    displayName: '',
    description: '',
    type: 'page',
    urlPattern: '',
    screenshotUrl: null,
    tags: [],
    status: 'planned',
    attributes: [],
    events: [],
  },
};

/**
 * Lint findings about the entity as the user types, by the same rules the server applies on
 * save (the pure tracking-plan package), with the company's naming cases and severities.
 */
export function useInlineLint(kind: EntityKind, values: object | null): LintFinding[] {
  const { info } = useCompany();
  const { eventNameCase, attributeNameCase } = info.company.settings;
  // Severities per rule arrive with the company settings once the service sends them.
  const rules = (info.company.settings as { lintRules?: LintSettings }).lintRules;
  return useMemo(() => {
    const candidate = { ...DEFAULTS[kind], ...values } as { name?: string };
    if (!values || !candidate.name?.trim()) return [];
    const input: LintInput = {
      attributes: [],
      events: [],
      views: [],
      settings: { eventNameCase, attributeNameCase, rules },
    };
    try {
      // The overloads pick the candidate type by kind; the shape is the form's, filled with defaults.
      const findings = (lintEntity as (k: EntityKind, c: unknown, i: LintInput) => LintFinding[])(
        kind,
        candidate,
        input,
      );
      return findings.filter((f) => !PLAN_WIDE.has(f.rule));
    } catch {
      // A half-typed form may not be lintable yet; the server still checks on save.
      return [];
    }
  }, [kind, values, eventNameCase, attributeNameCase, rules]);
}
