import { EXAMPLE_DEFECTS, examplePlanSnapshot, type ObservedEvent } from '../../src';
import { fits, observe, share } from './traffic-support';

const d = EXAMPLE_DEFECTS;
const plan = examplePlanSnapshot();
const { observed, errors } = observe('segment', 42, 60_000);
const named = (name: string) => observed.filter((event) => event.kind === 'track' && event.name === name);
const productViews = [d.renamedEvent.planned, d.renamedEvent.sentAs, d.nameCase.sentAs].flatMap(named);

/** Consecutive page views of each session, as "From → To". */
function transitions(events: ObservedEvent[]): Map<string, number> {
  const last = new Map<string, string>();
  const counts = new Map<string, number>();
  for (const event of events) {
    if (event.kind !== 'page') continue;
    const key = event.context.sessionKey!;
    const previous = last.get(key);
    if (previous) counts.set(`${previous} → ${event.name}`, (counts.get(`${previous} → ${event.name}`) ?? 0) + 1);
    last.set(key, event.name);
  }
  return counts;
}

describe('defects of example traffic', () => {
  it('reads back with no error', () => {
    expect(errors).toEqual([]);
  });

  it('renames a share of Product Viewed and sends another share in another case', () => {
    expect(productViews.length).toBeGreaterThan(500);
    expect(share(productViews, (e) => e.name === d.renamedEvent.sentAs)).toBeCloseTo(d.renamedEvent.rate, 1);
    expect(share(productViews, (e) => e.name === d.nameCase.sentAs)).toBeCloseTo(d.nameCase.rate, 1);
  });

  it('sends price of Product Added as text from app version 5.2.0 on, and only there', () => {
    const added = named(d.typeSplit.event).filter((e) => d.typeSplit.property in e.properties);
    const asText = added.filter((e) => typeof e.properties[d.typeSplit.property] === 'string');
    expect(asText.length).toBeGreaterThan(100);
    expect(asText.every((e) => e.context.appVersion === d.typeSplit.fromAppVersion)).toBe(true);
    const fromVersion = added.filter((e) => e.context.appVersion === d.typeSplit.fromAppVersion);
    expect(fromVersion.every((e) => /^\d+\.\d{2}$/.test(e.properties[d.typeSplit.property] as string))).toBe(true);
  });

  it('leaves a required property out at its rate', () => {
    const events = named(d.missingRequired.event);
    expect(events.length).toBeGreaterThan(500);
    const missing = share(events, (e) => !(d.missingRequired.property in e.properties));
    expect(Math.abs(missing - d.missingRequired.rate)).toBeLessThan(0.04);
  });

  it('breaks an enum, a pattern and sends personal values at their rates', () => {
    const enumShare = share(named(d.enumViolation.event), (e) => e.properties[d.enumViolation.property] === 'crypto');
    expect(Math.abs(enumShare - d.enumViolation.rate)).toBeLessThan(0.025);
    const patternShare = share(
      named(d.patternViolation.event),
      (e) => e.properties[d.patternViolation.property] === d.patternViolation.value,
    );
    expect(Math.abs(patternShare - d.patternViolation.rate)).toBeLessThan(0.025);
    const personal = share(named(d.personalValues.event), (e) =>
      /@|\+\d|\(\d/.test(String(e.properties[d.personalValues.property])),
    );
    expect(Math.abs(personal - d.personalValues.rate)).toBeLessThan(0.02);
  });

  it('sends an unplanned event and an unplanned property, never the event it never sends, and the deprecated one', () => {
    expect(named(d.unplannedEvent.name).length).toBeGreaterThan(100);
    expect(named(d.unplannedProperty.event).every((e) => d.unplannedProperty.property in e.properties)).toBe(true);
    expect(named(d.neverSent)).toHaveLength(0);
    const deprecated = plan.events.filter((e) => e.status === 'deprecated').map((e) => e.name);
    expect(deprecated).toEqual(['Signed Out']);
    expect(named('Signed Out').length).toBeGreaterThan(20);
  });

  it('sends a typo of Coupon Applied at its rate, and quantity of Product Removed always as text', () => {
    const coupons = [...named(d.similarName.planned), ...named(d.similarName.sentAs)];
    expect(Math.abs(share(coupons, (e) => e.name === d.similarName.sentAs) - d.similarName.rate)).toBeLessThan(0.04);
    const removed = named(d.typeMismatch.event);
    expect(removed.length).toBeGreaterThan(100);
    expect(removed.every((e) => typeof e.properties[d.typeMismatch.property] === 'string')).toBe(true);
  });

  it('loses most of Promotion Viewed from app version 5.2.0 and never sends Promotion Clicked from iOS', () => {
    const perVersion = (name: string, version: string) =>
      named(name).filter((e) => e.context.appVersion === version).length /
      observed.filter((e) => e.context.appVersion === version).length;
    const before = perVersion(d.volumeShift.event, '5.1.0');
    const after = perVersion(d.volumeShift.event, d.volumeShift.appVersion);
    expect(after / before).toBeGreaterThan(d.volumeShift.kept / 2);
    expect(after / before).toBeLessThan(d.volumeShift.kept * 2);
    const clicked = named(d.platformGap.event);
    expect(clicked.length).toBeGreaterThan(300);
    expect(clicked.filter((e) => e.context.platform === 'iOS')).toEqual([]);
    expect(named(d.volumeShift.event).filter((e) => e.context.platform === 'iOS').length).toBeGreaterThan(30);
  });

  it('sends every other planned track event, but for the one of the view no session opens', () => {
    const seen = new Set(observed.map((e) => e.name));
    const unseen = plan.events.filter((e) => e.kind === 'track' && !seen.has(e.name)).map((e) => e.name);
    expect(unseen.sort()).toEqual([d.neverSent, d.unvisitedView.event].sort());
  });

  it('walks the map edges, except for the one skip between two views it makes on purpose', () => {
    const byId = new Map(plan.views.map((v) => [v.id, v.name]));
    const onMap = new Set(plan.maps.flatMap((m) => m.nodes.map((n) => byId.get(n.viewId)!)));
    const edges = new Set(plan.maps.flatMap((m) => m.edges.map((e) => `${byId.get(e.from)} → ${byId.get(e.to)}`)));
    const seen = transitions(observed);
    const offEdges = [...seen.keys()].filter((t) => {
      const [from, to] = t.split(' → ');
      return onMap.has(from!) && onMap.has(to!) && !edges.has(t);
    });
    expect(offEdges).toEqual([`${d.skippedEdge.from} → ${d.skippedEdge.to}`]);
    const fromCart = [...seen].filter(([t]) => t.startsWith(`${d.skippedEdge.from} → `));
    const total = fromCart.reduce((sum, [, count]) => sum + count, 0);
    const skipped = seen.get(`${d.skippedEdge.from} → ${d.skippedEdge.to}`)!;
    expect(Math.abs(skipped / total - d.skippedEdge.rate)).toBeLessThan(0.04);
  });

  it('sends every planned event with its required attributes and values that fit, apart from the defects', () => {
    const attributes = new Map(plan.attributes.map((a) => [a.id, a]));
    const defects = new Set([
      `${d.typeSplit.event}.${d.typeSplit.property}`,
      `${d.missingRequired.event}.${d.missingRequired.property}`,
      `${d.enumViolation.event}.${d.enumViolation.property}`,
      `${d.patternViolation.event}.${d.patternViolation.property}`,
      `${d.typeMismatch.event}.${d.typeMismatch.property}`,
    ]);
    const problems = new Set<string>();
    for (const planned of plan.events) {
      if (planned.kind !== 'track') continue;
      const variants: Record<string, string[]> = {
        [d.nameCase.planned]: [d.nameCase.sentAs],
        [d.similarName.planned]: [d.similarName.sentAs],
      };
      const sent = [planned.name, ...(variants[planned.name] ?? [])].flatMap(named);
      const known = new Set(planned.effective.map((e) => attributes.get(e.attributeId)!.name));
      for (const event of sent) {
        for (const effective of planned.effective) {
          const attribute = attributes.get(effective.attributeId)!;
          const key = `${planned.name}.${attribute.name}`;
          if (defects.has(key)) continue;
          const value = event.properties[attribute.name];
          if (value === undefined) {
            if (effective.presence === 'required') problems.add(`${key} missing`);
          } else if (!fits(attribute, effective.validation, value)) {
            problems.add(`${key} = ${JSON.stringify(value)}`);
          }
        }
        for (const property of Object.keys(event.properties)) {
          if (
            !known.has(property) &&
            `${planned.name}.${property}` !== `${d.unplannedProperty.event}.${d.unplannedProperty.property}`
          ) {
            problems.add(`${planned.name}.${property} unplanned`);
          }
        }
      }
    }
    expect([...problems]).toEqual([]);
  });
});
