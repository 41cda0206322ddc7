import type { FindingRow } from '@tracemap/contracts';
import { quoteObserved } from '../grounding/untrusted';
import type { Turn } from '../tools/turn';
import { bullets, count, item, percent, plural, readAs, resolveItem } from './format';
import type { Intent } from './intents';

type Of<K extends Intent['kind']> = Extract<Intent, { kind: K }>;

const NO_TRAFFIC = 'Discovery has not observed any traffic for this company yet, so I cannot say what was seen.';

const observedAs = (names: readonly string[]) => names.map((n) => quoteObserved(n)).join(', ');

/** The planned event a question names, else its name as observed (unplanned names are data, quoted). */
function subjectOf(turn: Turn, subject: string) {
  const found = resolveItem(turn, subject, ['event']);
  const observed = turn.call('discovery_event', { event: found ? found.hit.id : subject.slice(0, 200) });
  return { found, observed };
}

export function answerIsTracked(turn: Turn, intent: Of<'is_tracked'>, hasTraffic: boolean): string {
  const found = resolveItem(turn, intent.subject, ['event', 'attribute', 'view']);
  if (found && found.hit.kind !== 'event') {
    return `${readAs(intent.subject, found)}Yes: ${item(found.hit.name, { kind: found.hit.kind, id: found.hit.id })} is ${found.hit.kind === 'attribute' ? 'an' : 'a'} ${found.hit.kind} of the plan (status ${found.hit.status}).`;
  }
  const observed = hasTraffic
    ? turn.call('discovery_event', { event: found ? found.hit.id : intent.subject.slice(0, 200) })
    : null;
  if (!found) {
    const seen =
      observed && observed.volume > 0
        ? ` It was observed ${plural(observed.volume, 'time')} as the unplanned event ${observedAs(observed.observedNames)}.`
        : '';
    return `No: nothing in the plan is called "${intent.subject.replace(/[[\]`*]/g, '')}".${seen}`;
  }
  const name = item(found.hit.name, { kind: 'event', id: found.hit.id });
  const planned = `${readAs(intent.subject, found)}Yes: ${name} is in the plan (status ${found.hit.status}).`;
  if (!observed) return planned;
  if (observed.volume === 0) return `${planned} It has not been observed in the traffic discovery has seen.`;
  return `${planned} It was observed ${plural(observed.volume, 'time')}, as ${observedAs(observed.observedNames)}.`;
}

export function answerCountVolume(turn: Turn, intent: Of<'count_volume'>, hasTraffic: boolean): string {
  if (!hasTraffic) return NO_TRAFFIC;
  const { found, observed } = subjectOf(turn, intent.subject);
  const label = found ? item(found.hit.name, { kind: 'event', id: found.hit.id }) : quoteObserved(intent.subject);
  if (!observed.found || (observed.volume === 0 && !found)) return `Nothing called ${label} was observed.`;
  if (observed.volume === 0) return `${found ? readAs(intent.subject, found) : ''}${label} was never observed.`;
  return `${found ? readAs(intent.subject, found) : ''}${label} was observed ${plural(observed.volume, 'time')}, as ${observedAs(observed.observedNames)}.`;
}

export function answerPlannedNotSeen(turn: Turn, hasTraffic: boolean): string {
  if (!hasTraffic) return NO_TRAFFIC;
  const overview = turn.call('discovery_overview', {});
  const head = `Of ${plural(overview.plannedEvents, 'planned event')}, ${count(overview.plannedSeen)} ${overview.plannedSeen === 1 ? 'was' : 'were'} observed.`;
  if (overview.plannedUnseen.length === 0) return `${head} Every planned event was seen.`;
  return `${head} Never seen:\n${bullets(overview.plannedUnseen.map((e) => item(e.name, { kind: 'event', id: e.id })))}`;
}

export function answerUnplannedSeen(turn: Turn, hasTraffic: boolean): string {
  if (!hasTraffic) return NO_TRAFFIC;
  const overview = turn.call('discovery_overview', {});
  if (overview.unplannedCount === 0) return 'Every observed event is in the plan.';
  const lines = overview.unplanned.map((u) => `${quoteObserved(u.name)}: ${plural(u.volume, 'event')}`);
  return `${plural(overview.unplannedCount, 'observed name is', 'observed names are')} not in the plan:\n${bullets(lines)}`;
}

const typeCounts = (types: Record<string, number>) =>
  Object.entries(types)
    .map(([type, n]) => `${type.replace(/[[\]`]/g, '')} (${count(n)})`)
    .join(', ');

/** Observed types a planned type accepts (a string with a recognised format is still a string). */
const ACCEPTS: Record<string, readonly string[]> = {
  string: ['string', 'datetime', 'email', 'uuid', 'url', 'numeric-string'],
  integer: ['integer'],
  number: ['number', 'integer'],
  boolean: ['boolean'],
  array: ['array'],
  object: ['object'],
  datetime: ['datetime', 'string'],
};
const fitsType = (planned: string, observed: string) => (ACCEPTS[planned] ?? [planned]).includes(observed);

function describeFinding(f: FindingRow): string {
  const on = f.subject.property ? ` on ${quoteObserved(f.subject.property)}` : '';
  const rate = f.counts.rate !== undefined ? `, rate ${percent(f.counts.rate)}` : '';
  const extent = `${count(f.counts.affected)} affected of ${count(f.counts.observed)} observed${rate}`;
  const version = f.appVersion ? `, since app version ${f.appVersion.replace(/[[\]`]/g, '')}` : '';
  const gap = f.missingOn.length > 0 ? `, missing on ${f.missingOn.map((m) => quoteObserved(m)).join(', ')}` : '';
  const fix = f.suggestion ? `, probably ${quoteObserved(f.suggestion)}` : '';
  const layer =
    f.layer.layer !== 'event' && f.layer.name ? `, on the ${f.layer.layer} ${quoteObserved(f.layer.name)}` : '';
  return `${f.type.replace(/_/g, ' ')} (${f.severity})${on}: ${extent}${version}${gap}${fix}${layer} [[finding:${f.id}]]`;
}

export function answerWhatsWrong(turn: Turn, intent: Of<'whats_wrong'>, hasTraffic: boolean): string {
  if (!hasTraffic) return NO_TRAFFIC;
  const { found, observed } = subjectOf(turn, intent.subject);
  const label = found ? item(found.hit.name, { kind: 'event', id: found.hit.id }) : quoteObserved(intent.subject);
  const subject = found ? found.hit.id : intent.subject.slice(0, 200);
  const findings = turn.call('list_findings', { event: subject, limit: 20 });
  if (!found && !observed.found && findings.total === 0) return `Nothing called ${label} is planned or observed.`;
  const prefix = found ? readAs(intent.subject, found) : '';
  if (findings.total === 0) return `${prefix}Discovery has no open findings on ${label}.`;
  return `${prefix}${plural(findings.total, 'finding')} on ${label}:\n${bullets(findings.items.map(describeFinding))}`;
}

export function answerPlanVsSource(turn: Turn, intent: Of<'plan_vs_source'>, hasTraffic: boolean): string | null {
  if (!hasTraffic) return NO_TRAFFIC;
  const found = resolveItem(turn, intent.subject, ['event']);
  if (!found) return `Nothing in the plan is called "${intent.subject.replace(/[[\]`*]/g, '')}".`;
  const event = turn.call('get_event', { event: found.hit.id });
  const observed = turn.call('discovery_event', { event: found.hit.id });
  if (!event.event) return null;
  const name = item(event.event.name, { kind: 'event', id: event.event.id });
  const lines = [
    `${readAs(intent.subject, found)}${name} is planned with ${plural(event.attributeCount, 'attribute')}.`,
  ];
  if (observed.volume === 0) {
    lines.push('It was never observed.');
    return lines.join(' ');
  }
  lines.push(`It was observed ${plural(observed.volume, 'time')}, as ${observedAs(observed.observedNames)}.`);
  const required = new Set(event.attributes.filter((a) => a.presence === 'required').map((a) => a.name));
  const missing = observed.plannedNotSeen.map((a) => item(a.name, { kind: 'attribute', id: a.id }));
  const partial = observed.properties
    .filter((p) => p.planned && required.has(p.path) && p.presenceShare < 1)
    .map((p) => `${quoteObserved(p.path)} is required but present on ${percent(p.presenceShare)} of them`);
  const plannedTypes = new Map(event.attributes.map((a) => [a.name, a.type]));
  const wrongType = observed.properties
    .filter((p) => {
      const type = plannedTypes.get(p.path);
      return type !== undefined && !Object.keys(p.types).some((t) => fitsType(type, t));
    })
    .map(
      (p) => `${quoteObserved(p.path)} is planned as ${plannedTypes.get(p.path)} but comes as ${typeCounts(p.types)}`,
    );
  const mixed = observed.properties
    .filter((p) => Object.keys(p.types).length > 1)
    .map(
      (p) =>
        `${quoteObserved(p.path)} comes as ${Object.entries(p.types)
          .map(([t, n]) => `${t} (${count(n)})`)
          .join(', ')}`,
    );
  const details = [
    ...(missing.length > 0 ? [`Planned but never seen: ${missing.join(', ')}`] : []),
    ...(observed.unplannedProperties.length > 0
      ? [`Sent but not planned: ${observedAs(observed.unplannedProperties)}`]
      : []),
    ...partial,
    ...wrongType,
    ...mixed,
  ];
  if (details.length === 0)
    return `${lines.join(' ')} Every planned attribute was seen and nothing unplanned was sent.`;
  return `${lines.join(' ')}\n${bullets(details)}`;
}
