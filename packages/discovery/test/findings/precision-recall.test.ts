import type { JudgedFinding } from '@tracemap/contracts';
import {
  SOURCE_FORMATS,
  adaptRecord,
  examplePlanSnapshot,
  exampleTruth,
  generateExampleTraffic,
  type ExpectedFinding,
  type SourceFormat,
} from '../../src';
import { judge } from '../../src/findings';
import { createProfileBuilder } from '../../src/profile';

// Example traffic in every format, profiled and judged against the example
// plan, compared with the findings the generator says it planted.

const SEED = 11;
const EVENTS = 15_000;
const NOW = Date.UTC(2024, 5, 1);

interface Tally {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

const keyOf = (type: string, subject: { event: string; property?: string }) =>
  `${type} ${subject.event}${subject.property ? `.${subject.property}` : ''}`;

/** A finding answers an expected one when type and subject agree, and the layer and app version where the truth names them. */
function answers(found: JudgedFinding, expected: ExpectedFinding): boolean {
  if (keyOf(found.type, found.subject) !== keyOf(expected.type, expected.subject)) return false;
  if (expected.layer && (found.layer.layer !== expected.layer.layer || found.layer.id !== expected.layer.id))
    return false;
  return !expected.appVersion || found.details.appVersion === expected.appVersion;
}

function judgeFormat(format: SourceFormat): JudgedFinding[] {
  const builder = createProfileBuilder();
  let bad = 0;
  for (const record of generateExampleTraffic({ seed: SEED, events: EVENTS, format })) {
    const { events, error } = adaptRecord(format, record, `example-${format}`);
    if (error) bad++;
    for (const event of events) builder.add(event);
  }
  expect(bad).toBe(0);
  return judge(builder.drain(), examplePlanSnapshot(), { now: NOW });
}

describe('findings on example traffic: precision and recall per type', () => {
  const tallies = new Map<string, Tally>();
  const tally = (type: string) => {
    let t = tallies.get(type);
    if (!t) tallies.set(type, (t = { truePositives: 0, falsePositives: 0, falseNegatives: 0 }));
    return t;
  };
  const misses: string[] = [];
  const rates: Array<{ what: string; expected: number; found: number; observed: number }> = [];

  it.each(SOURCE_FORMATS.map((format) => [format]))('%s', (format) => {
    const found = judgeFormat(format);
    const truth = exampleTruth({ seed: SEED, format, plan: examplePlanSnapshot() });
    expect(truth.length).toBeGreaterThan(5);
    const matched = new Set<JudgedFinding>();
    for (const expected of truth) {
      const hit = found.find((f) => !matched.has(f) && answers(f, expected));
      if (hit) {
        matched.add(hit);
        tally(expected.type).truePositives++;
        if (expected.rate !== undefined && hit.counts.rate !== undefined) {
          rates.push({
            what: `${format}: ${keyOf(expected.type, expected.subject)}`,
            expected: expected.rate,
            found: hit.counts.rate,
            observed: hit.counts.observed,
          });
        }
      } else {
        tally(expected.type).falseNegatives++;
        misses.push(`${format}: missed ${keyOf(expected.type, expected.subject)}`);
      }
    }
    for (const f of found) {
      if (matched.has(f)) continue;
      tally(f.type).falsePositives++;
      misses.push(`${format}: extra ${keyOf(f.type, f.subject)} on ${f.layer.layer} ${f.layer.name ?? ''}`);
    }
  });

  afterAll(() => {
    const rows = [...tallies.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    const lines = rows.map(([type, t]) => {
      const precision = t.truePositives / Math.max(1, t.truePositives + t.falsePositives);
      const recall = t.truePositives / Math.max(1, t.truePositives + t.falseNegatives);
      return `${type.padEnd(24)} precision ${precision.toFixed(3)}  recall ${recall.toFixed(3)}  (tp ${t.truePositives}, fp ${t.falsePositives}, fn ${t.falseNegatives})`;
    });
    console.log(
      [
        `Findings on ${EVENTS} example events per format, seed ${SEED}:`,
        ...lines,
        ...misses.slice(0, 30),
        ...rates.map((r) => `rate ${r.what}: planted ${r.expected}, found ${r.found}`),
      ].join('\n'),
    );
  });

  it('measures the rates the defects were planted at, within sampling noise', () => {
    expect(rates.length).toBeGreaterThan(0);
    for (const r of rates) {
      // Three standard deviations of a share measured on `observed` values, and never less than two points.
      const noise = Math.max(0.02, 3 * Math.sqrt((r.expected * (1 - r.expected)) / Math.max(1, r.observed)));
      expect({ what: r.what, close: Math.abs(r.found - r.expected) <= noise }).toEqual({ what: r.what, close: true });
    }
  });

  it('reaches precision and recall of at least 0.95 for every finding type', () => {
    expect(tallies.size).toBeGreaterThan(0);
    for (const [type, t] of tallies) {
      const precision = t.truePositives / Math.max(1, t.truePositives + t.falsePositives);
      const recall = t.truePositives / Math.max(1, t.truePositives + t.falseNegatives);
      expect({ type, precision: precision >= 0.95, recall: recall >= 0.95 }).toEqual({
        type,
        precision: true,
        recall: true,
      });
    }
  });
});
