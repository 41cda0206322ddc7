import type { PlanSnapshot } from '@tracemap/contracts';
import type { SourceFormat } from '../formats/source-format';
import { examplePlanSnapshot } from './example-plan';
import { ENCODERS, FORMATS_WITH_IDENTIFY, type TrafficRecord } from './encoders';
import { Random } from './prng';
import { APP_VERSIONS, EXAMPLE_START, PLATFORMS } from './scenario';
import { TrafficPlan, walkSession, type TrafficEvent } from './sessions';

export interface ExampleTrafficOptions {
  seed: number;
  /** How many observed events the records hold in all. */
  events: number;
  format: SourceFormat;
  /** The plan the traffic is made for; the example plan (the e-commerce sample) by default. */
  plan?: PlanSnapshot;
}

/** Sessions start this far apart, so a million events span about a month. */
const SESSION_SPACING_MS = 40_000;

/**
 * Example traffic in one source format, record by record: each record is what
 * one line of an upload holds. Lazy, so a million events never sit in memory;
 * the same options always give the same records.
 */
export function* generateExampleTraffic(options: ExampleTrafficOptions): Generator<TrafficRecord, void, undefined> {
  const traffic = new TrafficPlan(options.plan ?? examplePlanSnapshot());
  if (traffic.views.size === 0) return;
  const random = new Random(options.seed);
  const encode = ENCODERS[options.format];
  const identify = FORMATS_WITH_IDENTIFY.has(options.format);
  let remaining = Math.max(0, Math.floor(options.events));
  for (let index = 0; remaining > 0; index += 1) {
    const session = {
      index,
      id: random.uuid(),
      userId: random.uuid(),
      startedAt: EXAMPLE_START + index * SESSION_SPACING_MS + random.int(0, SESSION_SPACING_MS - 1),
      appVersion: random.weighted(APP_VERSIONS),
      platform: random.weighted(PLATFORMS),
    };
    let events: TrafficEvent[] = walkSession(traffic, session, random, { identify });
    if (events.length > remaining) events = events.slice(0, remaining);
    remaining -= events.length;
    yield* encode(events, session);
  }
}
