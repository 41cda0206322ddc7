import type { QuerySourceInput } from '@tracemap/contracts';
import {
  amplitudeSegmentationQuery,
  amplitudeSegmentationRows,
  ga4ReportRequest,
  ga4ReportTable,
  queryRefusal,
  toolContext,
} from '../../src';
import { exampleData } from '../support/example-data';

const input = (over: Partial<QuerySourceInput> = {}): QuerySourceInput => ({
  sourceId: '00000000-0000-4000-8000-000000000001',
  kind: 'ga4_run_report',
  events: ['purchase'],
  metric: 'event_count',
  start: '2024-05-01',
  end: '2024-05-07',
  ...over,
});

describe('source queries', () => {
  it('asks GA4 for the events and the dimension named, and keeps only the events asked for', () => {
    expect(ga4ReportRequest(input({ groupBy: 'payment_method', metric: 'total_users' }))).toMatchObject({
      dimensions: [{ name: 'eventName' }, { name: 'customEvent:payment_method' }],
      metrics: [{ name: 'totalUsers' }],
      dimensionFilter: { filter: { fieldName: 'eventName', inListFilter: { values: ['purchase'] } } },
    });
    const body = {
      rows: [
        { dimensionValues: [{ value: 'purchase' }, { value: '20240502' }], metricValues: [{ value: '12' }] },
        { dimensionValues: [{ value: 'page_view' }, { value: '20240502' }], metricValues: [{ value: '99' }] },
      ],
    };
    expect(ga4ReportTable(input({ groupBy: 'date' }), body)).toEqual({
      columns: ['event', 'date', 'event_count'],
      rows: [['purchase', '2024-05-02', 12]],
    });
  });

  it('asks Amplitude one event at a time and reads its series per day, per group or in total', () => {
    const query = amplitudeSegmentationQuery(input({ kind: 'amplitude_segmentation', groupBy: 'platform' }), 'Sign Up');
    expect(JSON.parse(query.e)).toEqual({ event_type: 'Sign Up', group_by: [{ type: 'user', value: 'platform' }] });
    expect(query).toMatchObject({ m: 'totals', start: '20240501', end: '20240507' });
    const data = {
      data: {
        series: [
          [1, 2],
          [3, 0],
        ],
        seriesLabels: [
          [0, 'iOS'],
          [0, 'Android'],
        ],
        seriesCollapsed: [[{ value: 3 }], [{ value: 3 }]],
        xValues: ['2024-05-01', '2024-05-02'],
      },
    };
    expect(amplitudeSegmentationRows(input({ groupBy: 'platform' }), 'Sign Up', data)).toEqual([
      ['Sign Up', 'iOS', 3],
      ['Sign Up', 'Android', 3],
    ]);
    expect(amplitudeSegmentationRows(input({ groupBy: 'date' }), 'Sign Up', data)).toEqual([
      ['Sign Up', '2024-05-01', 1],
      ['Sign Up', '2024-05-02', 2],
    ]);
    expect(amplitudeSegmentationRows(input(), 'Sign Up', data)).toEqual([['Sign Up', 3]]);
  });

  it("refuses a viewer a split by a personal attribute's values, not an editor", () => {
    const { data } = exampleData();
    const personal = input({ groupBy: 'email' });
    expect(queryRefusal(toolContext(data, 'viewer'), personal)).toMatch(/not available to your role/);
    expect(queryRefusal(toolContext(data, 'creator'), personal)).toBeNull();
    expect(queryRefusal(toolContext(data, 'viewer'), input({ groupBy: 'date' }))).toBeNull();
  });
});
