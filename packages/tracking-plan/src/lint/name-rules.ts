import type { Attribute, LintFinding, NameCase } from '@tracemap/contracts';
import { foldName, matchesNameCase, toNameCase } from '../names';
import type { LintContext, LintKind, Named } from './context';

/** unique-name, similar-name, naming-case and (for attributes) consistent-type. */
const LABEL: Record<LintKind, string> = { attribute: 'Attribute', event: 'Event', view: 'View' };
const MAX_NAMED = 3;

export function nameFindings(
  ctx: LintContext,
  kind: LintKind,
  entity: Named & { scope?: string; type?: string },
): LintFinding[] {
  const findings: Array<LintFinding | null> = [];
  const folded = foldName(entity.name);
  const label = `${LABEL[kind]} “${entity.name}”`;
  const sameName = ctx.byFolded(kind).get(folded) ?? [];
  // Almost always the list holds only the entity itself.
  const others =
    sameName.length === 1 && sameEntity(sameName[0], entity)
      ? []
      : sameName.filter((other) => !sameEntity(other, entity));

  const clashes = kind === 'attribute' ? others.filter((o) => (o as Attribute).scope === entity.scope) : others;
  if (clashes.length > 0) {
    const where = kind === 'attribute' ? ` in the ${entity.scope} scope` : '';
    findings.push(
      ctx.finding(
        'unique-name',
        kind,
        entity,
        `${label} has the same name as ${quoteList(clashes)}${where} once case and separators are ignored.`,
        'name',
      ),
    );
  }

  if (kind === 'attribute') {
    const conflicting = (others as Attribute[]).filter((o) => o.type !== entity.type);
    if (conflicting.length > 0) {
      const described = conflicting.slice(0, MAX_NAMED).map((o) => `${o.type} as “${o.name}” (${o.scope} scope)`);
      findings.push(
        ctx.finding(
          'consistent-type',
          kind,
          entity,
          `${label} is ${entity.type} here but ${described.join(', ')}; one name should have one type everywhere.`,
          'type',
        ),
      );
    }
  }

  if (ctx.severities['similar-name'] !== 'off') {
    const similar: Named[] = [];
    for (const name of ctx.similarTo(kind, folded))
      similar.push(
        ...ctx
          .byFolded(kind)
          .get(name)!
          .filter((o) => !sameEntity(o, entity)),
      );
    if (similar.length > 0) {
      findings.push(
        ctx.finding(
          'similar-name',
          kind,
          entity,
          `${label} is very close to ${quoteList(similar)}; is it the same thing?`,
          'name',
        ),
      );
    }
  }

  const nameCase: NameCase | null =
    kind === 'event'
      ? ctx.input.settings.eventNameCase
      : kind === 'attribute'
        ? ctx.input.settings.attributeNameCase
        : null;
  if (nameCase && !matchesNameCase(entity.name, nameCase)) {
    const suggestion = toNameCase(entity.name, nameCase);
    const hint = suggestion !== entity.name && matchesNameCase(suggestion, nameCase) ? `, e.g. “${suggestion}”` : '';
    findings.push(
      ctx.finding(
        'naming-case',
        kind,
        entity,
        `${label} does not follow the company’s ${nameCase} naming${hint}.`,
        'name',
      ),
    );
  }
  return findings.filter((f): f is LintFinding => f !== null);
}

/** The same entity seen twice: same id, or the very same object (a candidate without an id yet). */
function sameEntity(a: Named, b: Named): boolean {
  return a === b || (a.id !== undefined && a.id === b.id);
}

function quoteList(items: Named[]): string {
  const names = [...new Set(items.map((i) => `“${i.name}”`))];
  const shown = names.slice(0, MAX_NAMED).join(', ');
  return names.length > MAX_NAMED ? `${shown} and ${names.length - MAX_NAMED} more` : shown;
}
