import fc from 'fast-check';
import type { EffectiveAttribute, NativePlan } from '@tracemap/contracts';
import { CSV_COLUMNS, csvRowsForEvent, exportPlanCsv, parseTrackingPlanCsv } from '../src/csv';
import { parseCsvRecords, unparseCsvRecords } from '../src/csv-codec';
import { planFromCsvRows } from '../src/csv-import';
import { diffPlans } from '../src/diff';
import { toNativePlan } from '../src/native';
import { attribute, event, uuid, view } from './builders';

const empty: NativePlan = { format: 'tracemap.tracking-plan', formatVersion: 1, attributes: [], events: [], views: [] };
const effective = (a: ReturnType<typeof attribute>): EffectiveAttribute => ({
  attribute: a,
  presence: 'required',
  validation: a.validation,
  layer: 'event',
  sources: [],
});

/** Text a spreadsheet would run as a formula, sometimes already starting with quotes of its own. */
const formulaLike = (tail: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.constantFrom('', "'", "''"), fc.constantFrom('=', '+', '-', '@'), tail)
    .map(([quotes, lead, rest]) => `${quotes}${lead}${rest}`);
const nameTail = fc.stringMatching(/^[A-Za-z0-9_()=+\-@'"]{0,12}[A-Za-z0-9]$/);
const textTail = fc.stringMatching(/^[A-Za-z0-9_ ,;()=+\-@'"]{0,30}[A-Za-z0-9.]$/);

/** One event firing on one view with one attribute, every name and text formula-like. */
const formulaPlan = fc
  .record({
    event: formulaLike(nameTail),
    description: formulaLike(textTail),
    attribute: formulaLike(nameTail),
    origin: formulaLike(textTail),
    view: formulaLike(nameTail),
    tag: formulaLike(nameTail),
  })
  .map((names) => {
    const orderId = attribute(names.attribute, { origin: names.origin });
    const completed = event(names.event, {
      description: names.description,
      tags: [names.tag],
      attributes: [{ attributeId: orderId.id, presence: 'required' }],
    });
    const page = view(names.view, { events: [{ eventId: completed.id }] });
    return {
      names,
      orderId,
      completed,
      page,
      plan: toNativePlan({ attributes: [orderId], events: [completed], views: [page] }),
    };
  });

describe('CSV export → import round trip', () => {
  it('gives back formula-like names and texts exactly, and previews no change against the plan it came from', () => {
    fc.assert(
      fc.property(formulaPlan, ({ names, orderId, completed, page, plan }) => {
        const text = exportPlanCsv(csvRowsForEvent(completed, [effective(orderId)], [page.name]));
        const { rows, rejected } = parseTrackingPlanCsv(text);
        expect(rejected).toEqual([]);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          event: names.event,
          event_description: names.description,
          attribute: names.attribute,
          origin: names.origin,
        });
        expect(rows[0].views).toEqual([names.view]);
        expect(rows[0].tags).toEqual([names.tag]);

        const again = planFromCsvRows(rows, plan, { newId: () => uuid() });
        expect(again.rejected).toEqual([]);
        const diff = diffPlans(plan, again.plan);
        expect(diff.added).toEqual([]);
        expect(diff.changed).toEqual([]);

        const fresh = planFromCsvRows(rows, empty, { newId: () => uuid() }).plan;
        expect(fresh.events.map((e) => [e.name, e.description, e.tags])).toEqual([
          [names.event, names.description, [names.tag]],
        ]);
        expect(fresh.attributes.map((a) => [a.name, a.origin])).toEqual([[names.attribute, names.origin]]);
        expect(fresh.views.map((v) => v.name)).toEqual([names.view]);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps a cell whose leading quote is not followed by a formula character', () => {
    const quoted = ["'Tis the season", "'quoted'", "'", "' =spaced", "'9 lives"];
    const text = [CSV_COLUMNS.join(','), ...quoted.map((name) => `"${name}",,track,,,,,,,,,,,`)].join('\r\n');
    const { rows, rejected } = parseTrackingPlanCsv(text);
    expect(rejected).toEqual([]);
    expect(rows.map((r) => r.event)).toEqual(quoted);
  });

  it('takes away exactly the one quote the export added, for every character the export guards', () => {
    const cells = [
      '=1+1',
      '+1',
      '-1',
      '@SUM(A1)',
      '\tindented',
      '\rreturn',
      "'=kept quote",
      "''@two quotes",
      "'plain",
      'plain',
    ];
    const text = unparseCsvRecords([cells]);
    expect(parseCsvRecords(text)).toEqual([cells]);
  });
});
