import type { EffectiveAttribute } from '@tracemap/contracts';
import { CSV_COLUMNS, csvRowsForEvent, exportPlanCsv, parseTrackingPlanCsv, type CsvPlanRow } from '../src/csv';
import { attribute } from './builders';

const HEADER = CSV_COLUMNS.join(',');
const effective = (a: ReturnType<typeof attribute>, presence: 'required' | 'optional'): EffectiveAttribute => ({
  attribute: a,
  presence,
  validation: a.validation,
  layer: 'event',
  sources: [],
});

describe('exportPlanCsv', () => {
  it('writes the header and one row per event × effective attribute', () => {
    const orderId = attribute('order_id', { origin: 'dataLayer.order.id' });
    const currency = attribute('currency', { validation: { kind: 'enum', values: ['EUR', 'USD'] }, nullable: true });
    const rows = [
      ...csvRowsForEvent(
        { name: 'Order Completed', description: 'Paid, "finally".', kind: 'track', tags: ['sales', 'core'] },
        [effective(orderId, 'required'), effective(currency, 'optional')],
        ['Checkout', 'Confirmation'],
      ),
      ...csvRowsForEvent({ name: 'App Opened', description: '', kind: 'track', tags: [] }, [], []),
    ];
    const lines = exportPlanCsv(rows).split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines[1]).toBe(
      'Order Completed,"Paid, ""finally"".",track,order_id,event,string,true,false,none,,dataLayer.order.id,true,Checkout|Confirmation,sales|core',
    );
    expect(lines[2]).toBe(
      'Order Completed,"Paid, ""finally"".",track,currency,event,string,false,true,enum,"{""values"":[""EUR"",""USD""]}",,true,Checkout|Confirmation,sales|core',
    );
    expect(lines[3]).toBe('App Opened,,track,,,,,,,,,,,');
    expect(lines[4]).toBe('');
  });

  it('writes an array’s item type in the type column', () => {
    const ids = attribute('product_ids', { type: 'array', itemType: 'string' });
    const [row] = csvRowsForEvent(
      { name: 'Cart Viewed', description: '', kind: 'track', tags: [] },
      [effective(ids, 'optional')],
      [],
    );
    expect(exportPlanCsv([row]).split('\r\n')[1]).toContain(',array<string>,');
  });

  it('reads back what it wrote', () => {
    const step = attribute('step', { type: 'integer', validation: { kind: 'range', min: 1, max: 4 } });
    const rows = csvRowsForEvent(
      { name: 'Checkout Step Viewed', description: 'd', kind: 'page', tags: ['t'] },
      [effective(step, 'required')],
      ['Checkout'],
    );
    const parsed = parseTrackingPlanCsv(exportPlanCsv(rows));
    expect(parsed.rejected).toEqual([]);
    // An empty cell reads as "not given", so the empty origin does not come back.
    const { origin: _origin, ...expected } = rows[0];
    expect(parsed.rows).toEqual([{ ...expected, row: 2 }]);
  });
});

describe('parseTrackingPlanCsv', () => {
  const parse = (...lines: string[]) => parseTrackingPlanCsv([HEADER, ...lines].join('\n'));

  it('rejects a file without the expected header as row 1', () => {
    const { rows, rejected } = parseTrackingPlanCsv('event,attribute\nA,b\n');
    expect(rows).toEqual([]);
    expect(rejected).toEqual([{ row: 1, reason: expect.stringContaining('missing event_description, kind, scope') }]);
    expect(parseTrackingPlanCsv('').rejected[0].reason).toBe('The file is empty; it needs a header row.');
  });

  it('accepts columns in any order and in any case', () => {
    const header = [...CSV_COLUMNS]
      .reverse()
      .map((c) => c.toUpperCase())
      .join(',');
    const { rows } = parseTrackingPlanCsv(`${header}\n,,,,,,,,,,,,,Signed Up\n`);
    expect(rows).toEqual([{ row: 2, event: 'Signed Up', views: [], tags: [] }]);
  });

  it('reads booleans as true/false/yes/no and lists split by | or ;', () => {
    const { rows, rejected } = parse('Signed Up,,track,plan,event,string,Yes,no,,,,TRUE,Home; Sign Up|Home,a|b;c');
    expect(rejected).toEqual([]);
    expect(rows[0]).toEqual({
      row: 2,
      event: 'Signed Up',
      kind: 'track',
      attribute: 'plan',
      scope: 'event',
      type: 'string',
      itemType: null,
      required: true,
      nullable: false,
      exposed: true,
      views: ['Home', 'Sign Up'],
      tags: ['a', 'b', 'c'],
    });
  });

  it('reads a validation from its kind and compact JSON', () => {
    const { rows } = parse('Signed Up,,,plan,,string,,,enum,"{""values"":[""free"",""pro""]}",,,,');
    expect(rows[0].validation).toEqual({ kind: 'enum', values: ['free', 'pro'] });
  });

  it.each([
    ['Signed Up,,click,,,,,,,,,,,', 'The kind "click" is not one of track, page, screen, identify, group.'],
    [',desc,track,,,,,,,,,,,', 'The event name is empty.'],
    ['Signed Up,,,plan,session,,,,,,,,,', 'The scope "session" is not one of event, user, view, system, group.'],
    [
      'Signed Up,,,plan,,text,,,,,,,,',
      'The type "text" is not one of string, integer, number, boolean, datetime, object, array, any (or array<item type>).',
    ],
    [
      'Signed Up,,,plan,,array<list>,,,,,,,,',
      'The item type "list" is not one of string, integer, number, boolean, datetime, object, any.',
    ],
    ['Signed Up,,,plan,,,maybe,,,,,,,', 'required is "maybe"; use true, false, yes or no.'],
    [
      'Signed Up,,,plan,,,,,between,,,,,',
      'The validation kind "between" is not one of none, enum, regex, range, length, format, const.',
    ],
    ['Signed Up,,,plan,,,,,enum,{values,,,,', 'The validation is not JSON: write it like {"values":["a","b"]}.'],
    ['Signed Up,,,plan,,,,,range,"{""min"":""5""}",,,,', 'The validation field "min" is not valid: Expected number.'],
    [
      'Signed Up,,,plan,,string,,,range,"{""min"":5}",,,,',
      'The validation of “plan” is not valid: A range validation does not apply to a string.',
    ],
  ])('rejects %p', (line, reason) => {
    const { rows, rejected } = parse(line);
    expect(rows).toEqual([]);
    expect(rejected).toEqual([expect.objectContaining({ row: 2, reason })]);
  });

  it('numbers rows from the header as row 1 and keeps the good rows', () => {
    const { rows, rejected } = parse('A,,,,,,,,,,,,,', 'B,,bad,,,,,,,,,,,', 'C,,,,,,,,,,,,,');
    expect(rows.map((r: CsvPlanRow) => `${r.row}:${r.event}`)).toEqual(['2:A', '4:C']);
    expect(rejected).toEqual([{ row: 3, kind: 'event', name: 'B', reason: expect.any(String) }]);
  });
});
