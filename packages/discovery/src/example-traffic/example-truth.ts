import type { FindingLayer, FindingType, PlanSnapshot, SnapshotEvent } from '@tracemap/contracts';
import type { SourceFormat } from '../formats/source-format';
import { examplePlanSnapshot } from './example-plan';
import { EXAMPLE_DEFECTS } from './scenario';
import { TrafficPlan } from './sessions';

/**
 * A finding example traffic should produce. `subject.event` is the name as the
 * apps send it (as the plan names it for what is never sent); `layer` is where
 * one fix clears it (absent for unplanned events, which no plan item holds);
 * `rate` is the share of the subject's events that show the defect, where it
 * has one.
 */
export interface ExpectedFinding {
  type: FindingType;
  subject: { event: string; property?: string };
  layer?: FindingLayer;
  appVersion?: string;
  rate?: number;
}

export interface ExampleTruthOptions {
  /** The seed changes the values drawn, never which findings there are; accepted so callers pass the same options. */
  seed?: number;
  format?: SourceFormat;
  plan?: PlanSnapshot;
}

/** Statuses of planned items the apps are meant to be sending. */
const EXPECTED_STATUSES: ReadonlySet<string> = new Set(['live', 'implemented']);

/** An observed transition between two views that no map of the plan has (the skipped edge). */
export interface ExpectedTransition {
  from: string;
  to: string;
}

/**
 * The findings `generateExampleTraffic` with the same format and plan should
 * produce once it has sent 10,000 events or more (so every defect has shown clearly).
 * Page and screen events, identify calls and every property without an
 * injected defect are meant to produce none. The defects:
 *
 * - `product_viewed_v2` (a share of `Product Viewed` under a new name): unplanned_event;
 *   `productViewed` (another share in camelCase): name_case on `Product Viewed`;
 * - `Coupon Aplied` (a share of `Coupon Applied` with a typo): unplanned_event and similar_name on `Coupon Applied`;
 * - `quantity` of `Product Removed` always as text: type_mismatch;
 * - `Promotion Viewed` mostly lost from app version 5.2.0: volume_shift with that version;
 * - `Promotion Clicked` never sent from iOS sessions: source_gap;
 * - `Chat Opened`: unplanned_event; `cart_size` on `Cart Viewed`: unplanned_property;
 * - `price` of `Product Added` as text from app version 5.2.0: type_inconsistent with that version;
 * - `revenue` of `Checkout Started` left out of 20 %: missing_required;
 * - `payment_method` `crypto` on `Payment Info Entered`: enum_violation;
 * - `order_id` `TEST-ORDER` on `Order Completed`: pattern_violation;
 * - emails and phone numbers in `search_query` of `Products Searched`: pii_suspect;
 * - `Order Refunded` never sent: planned_not_seen;
 * - the example plan's `Store Locator` view is never opened: view_coverage, and its `Store Searched`: planned_not_seen;
 * - events the plan has deprecated still sent: deprecated_still_firing;
 * - formats without identify calls (GA4, mParticle, Snowplow) send none, and a pipe that carries no
 *   identify calls says nothing about planned ones: no finding;
 * - GA4 parameters cannot hold arrays, so GA4 traffic lacks required array attributes: missing_required.
 */
export function exampleTruth(
  options: ExampleTruthOptions | number = {},
  more: Omit<ExampleTruthOptions, 'seed'> = {},
): ExpectedFinding[] {
  const { format, plan: given } = typeof options === 'number' ? more : { ...more, ...options };
  const plan = given ?? examplePlanSnapshot();
  const traffic = new TrafficPlan(plan);
  const byName = new Map(plan.events.filter((e) => e.status !== 'archived').map((e) => [e.name, e]));
  const d = EXAMPLE_DEFECTS;
  const truth: ExpectedFinding[] = [];
  const onEvent = (event: SnapshotEvent): FindingLayer => ({ layer: 'event', id: event.id, name: event.name });
  const sent = sentEvents(traffic);
  const isSent = (name: string) => {
    const event = byName.get(name);
    return event !== undefined && sent.has(event.id);
  };
  const attributeLayer = (event: SnapshotEvent, property: string): FindingLayer | null => {
    const attribute = plan.attributes.find((a) => a.name === property && a.status !== 'archived');
    const effective = attribute && event.effective.find((e) => e.attributeId === attribute.id);
    if (!effective) return null;
    if (effective.layer === 'event' || effective.layer === 'system') {
      return effective.layer === 'event' ? onEvent(event) : { layer: 'system' };
    }
    const source = effective.sources.find((s) => s.layer === effective.layer);
    return {
      layer: effective.layer,
      ...(source?.id ? { id: source.id } : {}),
      ...(source?.name ? { name: source.name } : {}),
    };
  };
  const propertyFinding = (
    type: FindingType,
    eventName: string,
    property: string,
    extra: Partial<ExpectedFinding> = {},
  ) => {
    const event = byName.get(eventName);
    if (!event || !isSent(eventName)) return;
    const layer = attributeLayer(event, property);
    if (!layer) return;
    truth.push({ type, subject: { event: eventName, property }, layer, ...extra });
  };

  if (isSent(d.renamedEvent.planned)) {
    truth.push({ type: 'unplanned_event', subject: { event: d.renamedEvent.sentAs } });
    truth.push({
      type: 'name_case',
      subject: { event: d.nameCase.sentAs },
      layer: onEvent(byName.get(d.nameCase.planned)!),
    });
  }
  if (isSent(d.similarName.planned) && !byName.has(d.similarName.sentAs)) {
    truth.push({ type: 'unplanned_event', subject: { event: d.similarName.sentAs } });
    truth.push({
      type: 'similar_name',
      subject: { event: d.similarName.sentAs },
      layer: onEvent(byName.get(d.similarName.planned)!),
    });
  }
  propertyFinding('type_mismatch', d.typeMismatch.event, d.typeMismatch.property);
  if (isSent(d.volumeShift.event)) {
    truth.push({
      type: 'volume_shift',
      subject: { event: d.volumeShift.event },
      layer: onEvent(byName.get(d.volumeShift.event)!),
      appVersion: d.volumeShift.appVersion,
    });
  }
  if (isSent(d.platformGap.event)) {
    truth.push({
      type: 'source_gap',
      subject: { event: d.platformGap.event },
      layer: onEvent(byName.get(d.platformGap.event)!),
    });
  }
  if (!byName.has(d.unplannedEvent.name))
    truth.push({ type: 'unplanned_event', subject: { event: d.unplannedEvent.name } });
  if (isSent(d.unplannedProperty.event)) {
    truth.push({
      type: 'unplanned_property',
      subject: { event: d.unplannedProperty.event, property: d.unplannedProperty.property },
      layer: onEvent(byName.get(d.unplannedProperty.event)!),
    });
  }
  propertyFinding('type_inconsistent', d.typeSplit.event, d.typeSplit.property, {
    appVersion: d.typeSplit.fromAppVersion,
  });
  propertyFinding('missing_required', d.missingRequired.event, d.missingRequired.property, {
    rate: d.missingRequired.rate,
  });
  propertyFinding('enum_violation', d.enumViolation.event, d.enumViolation.property, { rate: d.enumViolation.rate });
  propertyFinding('pattern_violation', d.patternViolation.event, d.patternViolation.property, {
    rate: d.patternViolation.rate,
  });
  propertyFinding('pii_suspect', d.personalValues.event, d.personalValues.property, { rate: d.personalValues.rate });

  // Planned events nothing sends: the one left out on purpose, and those only the unvisited view has.
  for (const event of plan.events) {
    if (event.kind !== 'track' || sent.has(event.id) || !EXPECTED_STATUSES.has(event.status)) continue;
    truth.push({ type: 'planned_not_seen', subject: { event: event.name }, layer: onEvent(event) });
  }
  const unvisited = plan.views.find((v) => v.name === d.unvisitedView.view && EXPECTED_STATUSES.has(v.status));
  if (unvisited && unvisited.events.every((link) => !sent.has(link.eventId))) {
    truth.push({
      type: 'view_coverage',
      subject: { event: unvisited.name },
      layer: { layer: 'view', id: unvisited.id, name: unvisited.name },
    });
  }
  for (const event of plan.events) {
    if (event.status === 'deprecated' && sent.has(event.id)) {
      truth.push({ type: 'deprecated_still_firing', subject: { event: event.name }, layer: onEvent(event) });
    }
  }
  if (format === 'ga4-bigquery') {
    for (const event of plan.events) {
      if (!sent.has(event.id)) continue;
      for (const effective of event.effective) {
        const attribute = traffic.attributesById.get(effective.attributeId);
        if (!attribute || attribute.type !== 'array' || effective.presence !== 'required') continue;
        const already = truth.some(
          (t) =>
            t.type === 'missing_required' && t.subject.event === event.name && t.subject.property === attribute.name,
        );
        const layer = attributeLayer(event, attribute.name);
        if (!already && layer) {
          truth.push({
            type: 'missing_required',
            subject: { event: event.name, property: attribute.name },
            layer,
            rate: 1,
          });
        }
      }
    }
  }
  return truth;
}

/** The transitions between views that example traffic shows and the plan's maps lack. */
export function exampleUnmappedTransitions(): ExpectedTransition[] {
  return [{ from: EXAMPLE_DEFECTS.skippedEdge.from, to: EXAMPLE_DEFECTS.skippedEdge.to }];
}

/** The planned track events the walker can send: on a live view, or moving along a map edge. */
function sentEvents(traffic: TrafficPlan): Set<string> {
  const sent = new Set<string>();
  for (const view of traffic.views.values()) for (const event of view.events) sent.add(event.id);
  for (const edges of traffic.edgesFrom.values()) for (const edge of edges) if (edge.event) sent.add(edge.event.id);
  return sent;
}
